import type { Db } from '../src/db/connection';
import type { MemberRole } from '../src/db/schema';
import { issueAccountToken } from '../src/platform/auth/account-tokens';
import { createUser } from './factories';

/** The id of a user's membership of a company (the id of …/members/{id}). */
export async function membershipId(
  db: Db,
  companyId: number,
  userId: number,
): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select('id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An active colleague in the company (a member unless told otherwise). */
export async function createTeammate(
  db: Db,
  companyId: number,
  role: MemberRole = 'member',
) {
  const user = await createUser(db, { companies: [companyId], role });
  return { user, memberId: await membershipId(db, companyId, user.id) };
}

/**
 * Someone invited to the company's team who has no account yet, with the raw token of the
 * join link their e-mail carried.
 */
export async function createTeamInvitation(
  db: Db,
  options: { companyId: number; invitedBy: number },
) {
  const user = await createUser(db, {
    companies: [options.companyId],
    role: 'member',
    status: 'invited',
  });
  await db
    .updateTable('users')
    .set({ password_hash: null })
    .where('id', '=', user.id)
    .execute();
  await db
    .updateTable('memberships')
    .set({ invited_by: options.invitedBy })
    .where('company_id', '=', options.companyId)
    .where('user_id', '=', user.id)
    .execute();
  const token = await issueAccountToken(db, {
    purpose: 'join',
    email: user.email,
    userId: user.id,
    companyId: options.companyId,
  });
  return {
    user,
    memberId: await membershipId(db, options.companyId, user.id),
    token,
  };
}
