import {
  changedFields,
  type Member,
  type MemberInvite,
  type MemberRole,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import { issueAccountToken } from '../../platform/auth/account-tokens';
import { revokeAccountTokens } from '../../platform/auth/account-tokens.repository';
import type {
  CompanyCaller,
  CompanyUser,
} from '../../platform/access/access-rule';
import {
  AppError,
  fieldError,
  forbidden,
  notFound,
} from '../../platform/http/errors';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import { recordAudit } from '../audit-log/audit-log.service';
import {
  findCompanyById,
  findMembershipOfUser,
} from '../companies/companies.repository';
import { teamInviteEmail } from './team-invite-email';
import {
  countActiveAdmins,
  deleteAccountHolderRows,
  deleteMembership,
  findTeamMember,
  findUserByEmail,
  insertInvitedMembership,
  insertPlaceholderUser,
  lockTeam,
  moveOffCompany,
  renewInvitation,
  updateMemberRole,
  type TeamRow,
} from './team.repository';

/** An active member acting on the team of the company they work in. */
export type TeamCaller = CompanyCaller;

export const ONLY_ADMINS = 'Only admins can manage the team.';
export const LAST_ADMIN = 'The team needs at least one admin.';

/**
 * The caller's team, named by its shortname: only the company they work in, and only while
 * they are an active member of it. Another company's shortname looks like an unknown one.
 * `admin` also needs the admin role; every other right of a member is unchanged. Checked by the
 * routes' `company` access rule (platform/access/access-hook.ts).
 */
export async function requireTeam(
  db: Db,
  user: CompanyUser,
  options: { shortname: string; need: 'member' | 'admin' },
): Promise<TeamCaller> {
  const company = await findCompanyById(db, user.companyId);
  const membership =
    company?.shortname === options.shortname
      ? await findMembershipOfUser(db, {
          companyId: company.id,
          userId: user.id,
        })
      : undefined;
  if (!company || membership?.status !== 'active')
    throw notFound('This company');
  if (options.need === 'admin' && membership.role !== 'admin')
    throw forbidden(ONLY_ADMINS);
  return { user, company, role: membership.role };
}

export function toMember(row: TeamRow, callerId: number): Member {
  const iso = (value: Date | null) =>
    value === null ? null : value.toISOString();
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    role: row.role,
    status: row.status,
    last_sign_in_at: iso(row.last_sign_in_at),
    invited_at: row.status === 'invited' ? iso(row.invited_at) : null,
    is_you: row.user_id === callerId,
  };
}

async function requireMember(
  db: Db,
  caller: TeamCaller,
  memberId: number,
): Promise<TeamRow> {
  const member = await findTeamMember(db, {
    companyId: caller.company.id,
    memberId,
  });
  if (!member) throw notFound('This team member');
  return member;
}

export async function readMember(
  db: Db,
  caller: TeamCaller,
  memberId: number,
): Promise<Member> {
  return toMember(await requireMember(db, caller, memberId), caller.user.id);
}

/**
 * Invites someone by e-mail: an invited membership that grants nothing until they accept, and a
 * join link sent to the address. Whether the address already has an account changes the e-mail
 * only (sign in and accept, or choose a password); the reply shows what the admin typed and
 * nothing of the account. Inviting someone already invited sends a new link instead of the old.
 */
export async function inviteMember(
  ctx: AppContext,
  options: { caller: TeamCaller; input: MemberInvite; origin: RequestOrigin },
): Promise<{ memberId: number; renewed: boolean }> {
  const { caller, input, origin } = options;
  const companyId = caller.company.id;
  return ctx.db.transaction().execute(async (trx) => {
    await lockTeam(trx, companyId);
    const user = await findUserByEmail(trx, input.email);
    if (user?.is_system)
      throw fieldError('email', 'This address cannot be invited.');
    const membership = user
      ? await findMembershipOfUser(trx, { companyId, userId: user.id })
      : undefined;
    if (membership?.status === 'active')
      throw new AppError('conflict', 'This person is already in the team.', {
        email: ['This person is already in the team.'],
      });
    const userId =
      user?.id ??
      (
        await insertPlaceholderUser(trx, {
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          locale: caller.user.locale,
        })
      ).id;
    const invitation = {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      role: input.role,
      invitedBy: caller.user.id,
    };
    let memberId: number;
    if (membership) {
      memberId = membership.id;
      await renewInvitation(trx, { companyId, memberId, invitation });
      await revokeAccountTokens(trx, { purpose: 'join', companyId, userId });
    } else {
      ({ id: memberId } = await insertInvitedMembership(trx, {
        companyId,
        userId,
        invitation,
      }));
    }
    const token = await issueAccountToken(trx, {
      purpose: 'join',
      email: input.email,
      userId,
      companyId,
    });
    const account =
      user && (user.password_hash || user.sso_provider)
        ? { locale: user.locale }
        : null;
    await enqueueEmails(trx, [
      teamInviteEmail({
        publicUrl: ctx.config.publicUrl,
        company: caller.company,
        to: input.email,
        firstName: input.first_name,
        inviter: caller.user,
        account,
        token,
      }),
    ]);
    await recordAudit(trx, {
      companyId,
      origin,
      action: 'member.invited',
      target: memberTarget(memberId, {
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
      }),
      details: { role: input.role, ...(membership ? { renewed: true } : {}) },
    });
    return { memberId, renewed: membership !== undefined };
  });
}

/** A new role; the last active admin keeps theirs. */
export async function changeMemberRole(
  db: Db,
  options: {
    caller: TeamCaller;
    memberId: number;
    role: MemberRole;
    origin: RequestOrigin;
  },
): Promise<void> {
  const { caller, memberId, role, origin } = options;
  const companyId = caller.company.id;
  await db.transaction().execute(async (trx) => {
    await lockTeam(trx, companyId);
    const member = await requireMember(trx, caller, memberId);
    if (role === member.role) return;
    if (isLastAdmin(member, await countActiveAdmins(trx, companyId)))
      throw new AppError('conflict', LAST_ADMIN);
    await updateMemberRole(trx, { companyId, memberId, role });
    await recordAudit(trx, {
      companyId,
      origin,
      action: 'member.role_changed',
      target: memberTarget(memberId, member),
      details: changedFields({ role: member.role }, { role }),
    });
  });
}

/**
 * Removes a member, or withdraws an invitation (its links stop working), and returns the
 * person's user id. A removed member loses the company at once: every session of theirs reads
 * the user row afresh after the change.
 */
export async function removeMember(
  db: Db,
  options: { caller: TeamCaller; memberId: number; origin: RequestOrigin },
): Promise<number> {
  const { caller, memberId, origin } = options;
  const companyId = caller.company.id;
  return db.transaction().execute(async (trx) => {
    await lockTeam(trx, companyId);
    const member = await requireMember(trx, caller, memberId);
    if (isLastAdmin(member, await countActiveAdmins(trx, companyId)))
      throw new AppError('conflict', LAST_ADMIN);
    const userId = member.user_id;
    await deleteMembership(trx, { companyId, memberId });
    await revokeAccountTokens(trx, { purpose: 'join', companyId, userId });
    await deleteAccountHolderRows(trx, { userId, companyId });
    await moveOffCompany(trx, { userId, companyId });
    await recordAudit(trx, {
      companyId,
      origin,
      action: 'member.removed',
      target: memberTarget(memberId, member),
      details: { role: member.role, status: member.status },
    });
    return userId;
  });
}

const memberTarget = (
  memberId: number,
  person: { first_name: string; last_name: string; email: string },
) => ({
  type: 'member',
  id: memberId,
  label: `${person.first_name} ${person.last_name}`.trim() || person.email,
});

const isLastAdmin = (member: TeamRow, activeAdmins: number) =>
  member.role === 'admin' && member.status === 'active' && activeAdmins <= 1;
