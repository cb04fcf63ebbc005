import type { Db } from '../../db/connection';

const COLUMNS = ['id', 'domain', 'token', 'verified_at', 'created_at'] as const;

export function listCompanyDomains(db: Db, companyId: number) {
  return db
    .selectFrom('company_domains')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .orderBy('domain')
    .execute();
}

export type DomainRow = Awaited<ReturnType<typeof listCompanyDomains>>[number];

export function findCompanyDomain(
  db: Db,
  options: { companyId: number; id: number },
): Promise<DomainRow | undefined> {
  return db
    .selectFrom('company_domains')
    .select(COLUMNS)
    .where('company_id', '=', options.companyId)
    .where('id', '=', options.id)
    .executeTakeFirst();
}

/** The company's claim of the domain; undefined when it has one already. */
export function insertCompanyDomain(
  db: Db,
  options: { companyId: number; domain: string; token: string },
): Promise<DomainRow | undefined> {
  return db
    .insertInto('company_domains')
    .values({
      company_id: options.companyId,
      domain: options.domain,
      token: options.token,
    })
    .onConflict((conflict) =>
      conflict.columns(['company_id', 'domain']).doNothing(),
    )
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Whether a company other than this one has verified the domain. */
export async function isVerifiedElsewhere(
  db: Db,
  options: { companyId: number; domain: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('company_domains')
    .select('id')
    .where('domain', '=', options.domain)
    .where('company_id', '<>', options.companyId)
    .where('verified_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export function markDomainVerified(
  db: Db,
  options: { companyId: number; id: number; at: Date },
): Promise<unknown> {
  return db
    .updateTable('company_domains')
    .set({ verified_at: options.at })
    .where('company_id', '=', options.companyId)
    .where('id', '=', options.id)
    .execute();
}
