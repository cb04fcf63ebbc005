import { resolveLocale, type AccountLink } from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import {
  consumeAccountToken,
  issueAccountToken,
  peekAccountToken,
} from '../../platform/auth/account-tokens';
import { revokeAccountTokens } from '../../platform/auth/account-tokens.repository';
import { hashPassword } from '../../platform/auth/password';
import { assertStrongPassword } from '../../platform/auth/password-policy';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import { accountEmail } from '../emails/account-emails';
import { linkGone } from '../signup/signup.service';
import {
  findAccountByEmail,
  findAccountById,
  setPasswordHash,
} from './password-reset.repository';

/**
 * E-mails a reset link to an account that signs in with a password. Anything else (no
 * account, a placeholder made by an invitation, a single sign-on account) gets nothing, and
 * the caller the same reply either way.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
): Promise<void> {
  const account = await findAccountByEmail(ctx.db, email);
  if (!account || account.password_hash === null || account.is_system) return;
  await ctx.db.transaction().execute(async (trx) => {
    // Only the newest link works: an older e-mail lying in the inbox opens nothing.
    await revokeAccountTokens(trx, {
      purpose: 'password_reset',
      userId: account.id,
    });
    const token = await issueAccountToken(trx, {
      purpose: 'password_reset',
      email: account.email,
      userId: account.id,
    });
    await enqueueEmails(trx, [
      accountEmail({
        kind: 'password-reset',
        to: account.email,
        locale: resolveLocale(account.locale),
        company: null,
        link: `${ctx.config.publicUrl}/reset-password/${token}`,
        vars: { name: account.first_name },
      }),
    ]);
  });
}

/** The account a live link resets, if it still has the address the link was sent to. */
async function accountOfLink(db: Db, token: string) {
  const link = await peekAccountToken(db, 'password_reset', token);
  if (!link?.user_id) throw linkGone();
  const account = await findAccountById(db, link.user_id);
  if (
    !account ||
    account.is_system ||
    account.email.toLowerCase() !== link.email.toLowerCase()
  )
    throw linkGone();
  return account;
}

export async function peekPasswordReset(
  db: Db,
  token: string,
): Promise<AccountLink> {
  return { email: (await accountOfLink(db, token)).email };
}

/**
 * Sets the new password and signs the account out everywhere, in the transaction that uses
 * the link: whoever knew the old password keeps no session. Returns the account to sign in.
 */
export async function resetPassword(
  ctx: AppContext,
  options: {
    token: string;
    password: string;
    endAllSessions: (userId: number, db: Db) => Promise<void>;
  },
): Promise<number> {
  const account = await accountOfLink(ctx.db, options.token);
  assertStrongPassword(options.password, {
    personal: [account.email, account.first_name, account.last_name],
  });
  const passwordHash = await hashPassword(options.password);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await consumeAccountToken(trx, 'password_reset', options.token)))
      throw linkGone();
    await setPasswordHash(trx, account.id, passwordHash);
    // An e-mail change started with the old password must not finish after the reset.
    await revokeAccountTokens(trx, {
      purpose: 'email_change',
      userId: account.id,
    });
    await options.endAllSessions(account.id, trx);
  });
  return account.id;
}
