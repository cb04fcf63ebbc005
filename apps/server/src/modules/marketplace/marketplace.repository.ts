import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { CompaniesTable, JobsTable } from '../../db/schema';

const jobColumns = [
  'jobs.id',
  'jobs.title',
  'jobs.status',
  'jobs.shortcode',
  'jobs.deadline',
  'jobs.created_at',
  'jobs.marketplace_title',
  'jobs.marketplace_description',
  'jobs.marketplace_details',
  'jobs.marketplace_featured',
  'jobs.marketplace_image_key',
  'jobs.marketplace_stock_image',
  'jobs.marketplace_order',
  'jobs.marketplace_public',
  'companies.name as company_name',
] as const;

export type MarketplaceJobRow = Awaited<ReturnType<typeof findMarketplaceJob>>;

function jobsWithCompany(db: Db) {
  return db
    .selectFrom('jobs')
    .innerJoin('companies', 'companies.id', 'jobs.company_id');
}

export function findMarketplaceJob(db: Db, jobId: number) {
  return jobsWithCompany(db)
    .select(jobColumns)
    .where('jobs.id', '=', jobId)
    .executeTakeFirstOrThrow();
}

/** A brand's public page: its own marketplace brand name first, else its shortname. */
export async function findCompanyByBrand(db: Db, brand: string) {
  const byBrand = await db
    .selectFrom('companies')
    .selectAll()
    .where('marketplace_brand', '=', brand)
    .executeTakeFirst();
  return (
    byBrand ??
    db
      .selectFrom('companies')
      .selectAll()
      .where('shortname', '=', brand)
      .executeTakeFirst()
  );
}

export function findCompanyUsingBrand(
  db: Db,
  brand: string,
  exceptCompanyId: number,
) {
  return db
    .selectFrom('companies')
    .select('id')
    .where('id', '<>', exceptCompanyId)
    .where((eb) =>
      eb.or([eb('marketplace_brand', '=', brand), eb('shortname', '=', brand)]),
    )
    .executeTakeFirst();
}

export type PublicOrdering =
  '-marketplace_order' | 'marketplace_order' | '-created_at' | 'title';

/** Only published interviews the company chose to show: the marketplace's one rule. */
function publicJobs(db: Db, companyId: number, featured: boolean) {
  return jobsWithCompany(db)
    .where('jobs.company_id', '=', companyId)
    .where('jobs.status', '=', 'Published')
    .where('jobs.marketplace_public', '=', true)
    .where('jobs.marketplace_featured', '=', featured);
}

export function listPublicJobs(
  db: Db,
  options: {
    companyId: number;
    featured: boolean;
    ordering: PublicOrdering;
    limit: number;
    offset: number;
  },
) {
  let query = publicJobs(db, options.companyId, options.featured).select(
    jobColumns,
  );
  query =
    options.ordering === '-marketplace_order'
      ? query.orderBy('jobs.marketplace_order', 'desc')
      : options.ordering === 'marketplace_order'
        ? query.orderBy('jobs.marketplace_order', 'asc')
        : options.ordering === 'title'
          ? query.orderBy('jobs.title', 'asc')
          : query.orderBy('jobs.created_at', 'desc');
  return query
    .orderBy('jobs.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

export async function countPublicJobs(
  db: Db,
  companyId: number,
  featured: boolean,
): Promise<number> {
  const row = await publicJobs(db, companyId, featured)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every interview of a company with its marketplace fields, for /manage-marketplace. */
export function listCompanyMarketplaceJobs(
  db: Db,
  options: { companyId: number; limit: number; offset: number },
) {
  return jobsWithCompany(db)
    .select(jobColumns)
    .where('jobs.company_id', '=', options.companyId)
    .where('jobs.status', '<>', 'Archived')
    .orderBy('jobs.marketplace_public', 'desc')
    .orderBy('jobs.marketplace_order', 'desc')
    .orderBy('jobs.created_at', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

export async function countCompanyMarketplaceJobs(
  db: Db,
  companyId: number,
): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', companyId)
    .where('status', '<>', 'Archived')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function updateJobMarketplace(
  db: Db,
  jobId: number,
  values: Updateable<JobsTable>,
) {
  return db
    .updateTable('jobs')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', jobId)
    .execute();
}

export function updateCompanyMarketplace(
  db: Db,
  companyId: number,
  values: Updateable<CompaniesTable>,
) {
  return db
    .updateTable('companies')
    .set(values)
    .where('id', '=', companyId)
    .execute();
}

export function findJobImageKey(db: Db, jobId: number) {
  return db
    .selectFrom('jobs')
    .select('marketplace_image_key')
    .where('id', '=', jobId)
    .executeTakeFirst();
}
