import type { JoinAccept, JoinInvitation } from '@candor/domain';
import type { Db } from '../../db/connection';
import {
  consumeAccountToken,
  peekAccountToken,
} from '../../platform/auth/account-tokens';
import { revokeAccountTokens } from '../../platform/auth/account-tokens.repository';
import { hashPassword } from '../../platform/auth/password';
import { assertStrongPassword } from '../../platform/auth/password-policy';
import type { SessionUser } from '../../platform/auth/session';
import { AppError, type FieldErrors } from '../../platform/http/errors';
import {
  activateMembership,
  findInvitedMembership,
  findJoiningAccount,
  lockJoiningAccount,
  updateJoinedUser,
} from './team.repository';

export const INVITATION_GONE =
  'This invitation has expired or was already used.';
const gone = () => new AppError('not_found', INVITATION_GONE);

/** Someone who can already sign in (a password, or their company's single sign-on). */
const holdsAccount = (account: {
  password_hash: string | null;
  sso_provider: string | null;
}) => account.password_hash !== null || account.sso_provider !== null;

/** A live join link whose invitation still stands (a withdrawn one revokes its links too). */
async function findInvitation(db: Db, token: string) {
  const link = await peekAccountToken(db, 'join', token);
  if (link?.user_id == null || link.company_id == null) return undefined;
  const membership = await findInvitedMembership(db, {
    companyId: link.company_id,
    userId: link.user_id,
  });
  return membership && { link, membership };
}

export async function readInvitation(
  db: Db,
  options: { token: string; caller: SessionUser | null },
): Promise<JoinInvitation> {
  const { token, caller } = options;
  const invitation = await findInvitation(db, token);
  const account =
    invitation?.link.user_id != null &&
    (await findJoiningAccount(db, invitation.link.user_id));
  if (!invitation || !account) throw gone();
  const { link, membership } = invitation;
  return {
    company_name: membership.company_name,
    email: link.email,
    first_name: membership.invite_first_name ?? '',
    last_name: membership.invite_last_name ?? '',
    needs_sign_in: holdsAccount(account),
    signed_in_as_invitee: caller !== null && caller.id === account.id,
  };
}

/**
 * Accepts a team invitation. A new person chooses their name and password here; an account
 * that can already sign in is never changed by a link: its owner must be signed in as it. The
 * link is used only when the joining succeeds, and then the company becomes the one they work
 * in. `signIn` says a session must be started for the new person.
 */
export async function acceptInvitation(
  db: Db,
  options: { token: string; body: JoinAccept; caller: SessionUser | null },
): Promise<{ userId: number; signIn: boolean }> {
  const { token, body, caller } = options;
  return db.transaction().execute(async (trx) => {
    const invitation = await findInvitation(trx, token);
    const userId = invitation?.link.user_id;
    const account = userId != null && (await lockJoiningAccount(trx, userId));
    if (!invitation || userId == null || !account) throw gone();
    const { link, membership } = invitation;
    const companyId = link.company_id ?? 0;
    const existing = holdsAccount(account);
    let newAccount:
      { firstName: string; lastName: string; passwordHash: string } | undefined;
    if (existing) {
      if (caller?.id !== userId)
        throw new AppError(
          'conflict',
          `Sign in as ${link.email} to accept this invitation.`,
        );
    } else {
      const { first_name, last_name, password } = requireNewPerson(body);
      assertStrongPassword(password, {
        personal: [first_name, last_name, link.email, membership.company_name],
      });
      newAccount = {
        firstName: first_name,
        lastName: last_name,
        passwordHash: await hashPassword(password),
      };
    }
    if (!(await consumeAccountToken(trx, 'join', token))) throw gone();
    await activateMembership(trx, { companyId, userId });
    // Any other link of the same invitation is spent too.
    await revokeAccountTokens(trx, { purpose: 'join', companyId, userId });
    await updateJoinedUser(trx, userId, {
      currentCompanyId: companyId,
      account: newAccount,
    });
    return { userId, signIn: !existing };
  });
}

/** A new person must give their name and a password; each missing one is named. */
function requireNewPerson(body: JoinAccept) {
  const { first_name, last_name, password } = body;
  if (first_name && last_name && password)
    return { first_name, last_name, password };
  const fields: FieldErrors = {};
  if (!first_name) fields.first_name = ['First name is required'];
  if (!last_name) fields.last_name = ['Last name is required'];
  if (!password) fields.password = ['Choose a password'];
  const [first] = Object.values(fields).flat();
  throw new AppError('bad_request', first ?? 'Choose a password', fields);
}
