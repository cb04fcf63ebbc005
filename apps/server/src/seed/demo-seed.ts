import type { AppContext } from '../app-context';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoAnswers } from './demo-answers';
import { seedDemoApplicants } from './demo-applicants';
import { seedDemoJobs } from './demo-jobs';
import { seedDemoMarketplace } from './demo-marketplace';
import { seedDemoVideos } from './demo-videos';
import { seedDemoReviews } from './demo-reviews';

/** Demo data for a first look; runs only on an empty database. */
export async function seedDemoData(ctx: AppContext): Promise<boolean> {
  const existing = await ctx.db
    .selectFrom('companies')
    .select('id')
    .limit(1)
    .executeTakeFirst();
  if (existing) return false;
  await seedDemoAccounts(ctx.db);
  await seedDemoJobs(ctx.db);
  await seedDemoVideos(ctx);
  await seedDemoApplicants(ctx.db);
  await seedDemoAnswers(ctx);
  await seedDemoMarketplace(ctx.db);
  // After the applicants and answers: it reviews some of them.
  await seedDemoReviews(ctx.db);
  return true;
}
