import type { MarketplaceStockImageId } from '@candor/domain';
import type { Db } from '../db/connection';

const LISTINGS: { details: string; stock: MarketplaceStockImageId }[] = [
  {
    details: 'Full time · Hybrid · Competitive salary and benefits',
    stock: 'office',
  },
  { details: 'Permanent · On site · Training from day one', stock: 'retail' },
  {
    details: 'Graduate scheme · Two-year programme with mentoring',
    stock: 'graduate',
  },
  { details: 'Part time or full time · Flexible shifts', stock: 'hospitality' },
];

/** Puts Acme's published interviews on its public marketplace (/marketplace/acme), the first featured. */
export async function seedDemoMarketplace(db: Db): Promise<void> {
  const jobs = await db
    .selectFrom('jobs')
    .innerJoin('companies', 'companies.id', 'jobs.company_id')
    .select(['jobs.id', 'jobs.title', 'jobs.description'])
    .where('companies.shortname', '=', 'acme')
    .where('jobs.status', '=', 'Published')
    .orderBy('jobs.created_at', 'desc')
    .execute();
  await db
    .updateTable('companies')
    .set({
      marketplace_intro:
        'Find your next role with Acme Recruitment: record a short video interview in your own time.',
    })
    .where('shortname', '=', 'acme')
    .execute();
  for (const [index, job] of jobs.entries()) {
    const listing = LISTINGS[index % LISTINGS.length];
    if (!listing) continue;
    await db
      .updateTable('jobs')
      .set({
        marketplace_public: true,
        marketplace_featured: index === 0,
        marketplace_order: (jobs.length - index) * 10,
        marketplace_title: job.title,
        marketplace_description:
          job.description.slice(0, 300) ||
          `Apply for ${job.title} with a short video interview.`,
        marketplace_details: listing.details,
        marketplace_stock_image: listing.stock,
      })
      .where('id', '=', job.id)
      .execute();
  }
}
