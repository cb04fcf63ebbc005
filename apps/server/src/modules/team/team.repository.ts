import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { MemberRole } from '../../db/schema';

// An invited person is shown as the admin typed them; only an active member as they chose.
const isActive = sql<boolean>`memberships.status = 'active'`;
const shownFirstName = sql<string>`CASE WHEN ${isActive} THEN users.first_name ELSE coalesce(memberships.invite_first_name, '') END`;
const shownLastName = sql<string>`CASE WHEN ${isActive} THEN users.last_name ELSE coalesce(memberships.invite_last_name, '') END`;
const shownEmail = sql<string>`CASE WHEN ${isActive} THEN users.email ELSE coalesce(memberships.invite_email, '') END`;

function teamRows(db: Db, companyId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'memberships.id',
      'memberships.user_id',
      'memberships.role',
      'memberships.status',
      'memberships.invited_at',
      shownFirstName.as('first_name'),
      shownLastName.as('last_name'),
      shownEmail.as('email'),
      sql<Date | null>`CASE WHEN ${isActive} THEN users.last_sign_in_at END`.as(
        'last_sign_in_at',
      ),
    ])
    .where('memberships.company_id', '=', companyId);
}
export type TeamRow = NonNullable<Awaited<ReturnType<typeof findTeamMember>>>;

/** Active members first, then invitations, each by name. */
export function listTeam(
  db: Db,
  options: { companyId: number; limit: number; offset: number },
) {
  return teamRows(db, options.companyId)
    .orderBy('memberships.status')
    .orderBy(sql`lower(${shownFirstName})`)
    .orderBy(sql`lower(${shownLastName})`)
    .orderBy('memberships.id')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

export async function countTeam(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findTeamMember(
  db: Db,
  options: { companyId: number; memberId: number },
) {
  return teamRows(db, options.companyId)
    .where('memberships.id', '=', options.memberId)
    .executeTakeFirst();
}

/**
 * Holds the company row until the transaction ends: team changes of one company run one after
 * the other, so two admins demoting each other at once cannot leave the team without one.
 */
export async function lockTeam(db: Db, companyId: number): Promise<void> {
  await db
    .selectFrom('companies')
    .select('id')
    .where('id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
}

export async function countActiveAdmins(
  db: Db,
  companyId: number,
): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', companyId)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'last_name',
      'locale',
      'password_hash',
      'sso_provider',
      'is_system',
    ])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

function joiningAccount(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'sso_provider'])
    .where('id', '=', userId);
}

/** The account a join link was sent for. */
export function findJoiningAccount(db: Db, userId: number) {
  return joiningAccount(db, userId).executeTakeFirst();
}

/** The same, held until the transaction ends: two links of one address set one password. */
export function lockJoiningAccount(db: Db, userId: number) {
  return joiningAccount(db, userId).forUpdate().executeTakeFirst();
}

/** An invited address without an account: no password and no company until they join. */
export function insertPlaceholderUser(
  db: Db,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    locale: string;
  },
) {
  return db
    .insertInto('users')
    .values({
      email: values.email,
      first_name: values.firstName,
      last_name: values.lastName,
      locale: values.locale,
      password_hash: null,
      sso_provider: null,
      current_company_id: null,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

export type Invitation = {
  email: string;
  firstName: string;
  lastName: string;
  role: MemberRole;
  invitedBy: number;
};

export function insertInvitedMembership(
  db: Db,
  options: { companyId: number; userId: number; invitation: Invitation },
) {
  const { invitation } = options;
  return db
    .insertInto('memberships')
    .values({
      company_id: options.companyId,
      user_id: options.userId,
      role: invitation.role,
      status: 'invited',
      invited_by: invitation.invitedBy,
      invite_email: invitation.email,
      invite_first_name: invitation.firstName,
      invite_last_name: invitation.lastName,
      invited_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A new invitation to someone already invited: what the admin typed now replaces the old. */
export function renewInvitation(
  db: Db,
  options: { companyId: number; memberId: number; invitation: Invitation },
) {
  const { invitation } = options;
  return db
    .updateTable('memberships')
    .set({
      role: invitation.role,
      invited_by: invitation.invitedBy,
      invite_email: invitation.email,
      invite_first_name: invitation.firstName,
      invite_last_name: invitation.lastName,
      invited_at: new Date(),
    })
    .where('company_id', '=', options.companyId)
    .where('id', '=', options.memberId)
    .execute();
}

export function updateMemberRole(
  db: Db,
  options: { companyId: number; memberId: number; role: MemberRole },
) {
  return db
    .updateTable('memberships')
    .set({ role: options.role })
    .where('company_id', '=', options.companyId)
    .where('id', '=', options.memberId)
    .execute();
}

export function deleteMembership(
  db: Db,
  options: { companyId: number; memberId: number },
) {
  return db
    .deleteFrom('memberships')
    .where('company_id', '=', options.companyId)
    .where('id', '=', options.memberId)
    .execute();
}

/**
 * A person who leaves the company they work in moves to another company of theirs, or to none.
 * Changing `current_company_id` is what every session of theirs hears at once (the users
 * trigger of migration 20261124040000_session_notices).
 */
export async function moveOffCompany(
  db: Db,
  options: { userId: number; companyId: number },
): Promise<void> {
  const next = await db
    .selectFrom('memberships')
    .select('company_id')
    .where('user_id', '=', options.userId)
    .where('company_id', '!=', options.companyId)
    .where('status', '=', 'active')
    .orderBy('created_at')
    .orderBy('company_id')
    .limit(1)
    .executeTakeFirst();
  await db
    .updateTable('users')
    .set({ current_company_id: next?.company_id ?? null })
    .where('id', '=', options.userId)
    .where('current_company_id', '=', options.companyId)
    .execute();
}

/**
 * The review-panel rows a member got by creating the company's interviews: they grant reviewing
 * without membership, so they go with it. Reviewers the company added on purpose stay.
 */
export function deleteAccountHolderRows(
  db: Db,
  options: { userId: number; companyId: number },
) {
  return db
    .deleteFrom('reviewers')
    .where('user_id', '=', options.userId)
    .where('is_account_holder', '=', true)
    .where('job_id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('company_id', '=', options.companyId),
    )
    .execute();
}

export function activateMembership(
  db: Db,
  options: { companyId: number; userId: number },
) {
  return db
    .updateTable('memberships')
    .set({ status: 'active' })
    .where('company_id', '=', options.companyId)
    .where('user_id', '=', options.userId)
    .where('status', '=', 'invited')
    .executeTakeFirst();
}

/** The invitation a join link is for, if it still stands. */
export function findInvitedMembership(
  db: Db,
  options: { companyId: number; userId: number },
) {
  return db
    .selectFrom('memberships')
    .innerJoin('companies', 'companies.id', 'memberships.company_id')
    .select([
      'memberships.invite_first_name',
      'memberships.invite_last_name',
      'companies.name as company_name',
    ])
    .where('memberships.company_id', '=', options.companyId)
    .where('memberships.user_id', '=', options.userId)
    .where('memberships.status', '=', 'invited')
    .executeTakeFirst();
}

/** What joining sets: a new person's name and password, and the company they now work in. */
export function updateJoinedUser(
  db: Db,
  userId: number,
  values: {
    currentCompanyId: number;
    account?: { firstName: string; lastName: string; passwordHash: string };
  },
) {
  return db
    .updateTable('users')
    .set({
      current_company_id: values.currentCompanyId,
      ...(values.account
        ? {
            first_name: values.account.firstName,
            last_name: values.account.lastName,
            password_hash: values.account.passwordHash,
          }
        : {}),
    })
    .where('id', '=', userId)
    .execute();
}
