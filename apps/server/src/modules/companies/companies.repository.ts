import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { CompaniesTable } from '../../db/schema';

export function findCompanyById(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .selectAll()
    .where('id', '=', companyId)
    .executeTakeFirst();
}

export function findCompanyByShortname(db: Db, shortname: string) {
  return db
    .selectFrom('companies')
    .selectAll()
    .where('shortname', '=', shortname)
    .executeTakeFirst();
}

export function listUserCompanies(
  db: Db,
  options: { userId: number; limit: number; offset: number },
) {
  return db
    .selectFrom('memberships')
    .innerJoin('companies', 'companies.id', 'memberships.company_id')
    .select(['companies.id', 'companies.shortname', 'companies.name'])
    .where('memberships.user_id', '=', options.userId)
    .where('memberships.status', '=', 'active')
    .orderBy('companies.name')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

export async function countUserCompanies(
  db: Db,
  userId: number,
): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function isMember(
  db: Db,
  userId: number,
  companyId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('company_id')
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row !== undefined;
}

export function setCurrentCompany(db: Db, userId: number, companyId: number) {
  return db
    .updateTable('users')
    .set({ current_company_id: companyId })
    .where('id', '=', userId)
    .execute();
}

export function updateCompany(
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

/** The shortnames taken by `base` or `base-<n>`, to pick the next free one. */
export async function findShortnamesLike(
  db: Db,
  base: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('companies')
    .select('shortname')
    .where((eb) =>
      eb.or([
        eb('shortname', '=', base),
        eb('shortname', 'like', `${base.replace(/[\\%_]/g, '\\$&')}-%`),
      ]),
    )
    .execute();
  return rows.map((row) => row.shortname);
}

/** Inserts the company unless another took the shortname meanwhile (then undefined). */
export function insertCompanyUnlessTaken(
  db: Db,
  values: { shortname: string; name: string },
) {
  return db
    .insertInto('companies')
    .values(values)
    .onConflict((conflict) => conflict.column('shortname').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The first member of a new company: its admin, active at once. */
export function insertFirstAdmin(db: Db, companyId: number, userId: number) {
  return db
    .insertInto('memberships')
    .values({
      company_id: companyId,
      user_id: userId,
      role: 'admin',
      status: 'active',
    })
    .execute();
}

/**
 * Every read of a membership names its company: the team of one company is never reachable
 * through another's id.
 */
export function findMembershipOfUser(
  db: Db,
  options: { companyId: number; userId: number },
) {
  return db
    .selectFrom('memberships')
    .select(['id', 'role', 'status'])
    .where('company_id', '=', options.companyId)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
}
