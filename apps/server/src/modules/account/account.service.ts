import { resolveLocale, type AccountUpdate } from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import {
  consumeAccountToken,
  issueAccountToken,
} from '../../platform/auth/account-tokens';
import { revokeAccountTokens } from '../../platform/auth/account-tokens.repository';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import { assertStrongPassword } from '../../platform/auth/password-policy';
import { AppError, fieldError } from '../../platform/http/errors';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import {
  assertNotBlocked,
  countFailure,
  signInKeys,
} from '../auth/sign-in-throttle';
import { accountEmail } from '../emails/account-emails';
import { findAccount, isEmailTaken, updateAccount } from './account.repository';

const sameAddress = (a: string, b: string) =>
  a.toLowerCase() === b.toLowerCase();

/**
 * Saves the account form. A new password needs the current one and ends the user's other
 * sessions; a new e-mail address needs the current password too and only takes effect when
 * the link sent to it is opened (decision 117).
 */
export async function saveAccount(
  ctx: AppContext,
  options: {
    userId: number;
    /** The client's address: a wrong current password counts as a failed sign-in. */
    address: string;
    body: AccountUpdate;
    /** Ends the user's sessions but the one saving, in the transaction that sets the password. */
    endOtherSessions: (trx: Db) => Promise<void>;
  },
): Promise<void> {
  const { userId, body } = options;
  const current = await findAccount(ctx.db, userId);
  const emailChanges = !sameAddress(body.email, current.email);
  const newPassword = body.new_password || null;
  if (emailChanges || newPassword) {
    // Guessing here is guessing a sign-in: the same counters and blocks (decision 117).
    const keys = signInKeys(options.address, current.email);
    await assertNotBlocked(ctx.db, keys);
    const passwordRight = await verifyPassword(
      current.password_hash,
      body.current_password ?? '',
    );
    if (!passwordRight) await countFailure(ctx.db, keys);
    if (!passwordRight)
      throw fieldError(
        'current_password',
        body.current_password || !emailChanges
          ? 'Your current password is not right.'
          : 'Enter your current password to change your e-mail address',
      );
  }
  if (newPassword)
    assertStrongPassword(newPassword, {
      field: 'new_password',
      personal: [body.first_name, body.last_name, current.email, body.email],
    });
  const passwordHash = newPassword ? await hashPassword(newPassword) : null;
  const locale = resolveLocale(body.locale);

  await ctx.db.transaction().execute(async (trx) => {
    await updateAccount(trx, userId, {
      first_name: body.first_name,
      last_name: body.last_name,
      locale,
      notify_new_responses: body.notify_new_responses,
      notify_daily_summary: body.notify_daily_summary,
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    });
    if (passwordHash) await options.endOtherSessions(trx);
    if (!emailChanges) return;

    await revokeAccountTokens(trx, { purpose: 'email_change', userId });
    const taken = await isEmailTaken(trx, body.email, userId);
    // A token is kept even when the address is taken (its link is never sent, so it can never
    // be used): the account then shows the same pending address either way, and the requester
    // cannot tell whether someone else's account uses it.
    const token = await issueAccountToken(trx, {
      purpose: 'email_change',
      userId,
      email: body.email,
    });
    await enqueueEmails(trx, [
      accountEmail(
        taken
          ? {
              kind: 'email-change-taken',
              to: body.email,
              locale,
              company: null,
            }
          : {
              kind: 'email-change-confirm',
              to: body.email,
              locale,
              company: null,
              link: `${ctx.config.publicUrl}/confirm-email/${token}`,
              vars: { name: body.first_name },
            },
      ),
    ]);
  });
}

/**
 * Opens the link sent to a new address: the account moves to it, and its previous address is
 * told. Only the holder of the link (the new address's owner) learns if it was taken since.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  token: string,
): Promise<{ email: string; userId: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const link = await consumeAccountToken(trx, 'email_change', token);
    if (!link?.user_id)
      throw new AppError(
        'not_found',
        'This link has expired or was already used. Change your e-mail address again from your account.',
      );
    const taken = new AppError(
      'conflict',
      'Another account now uses this address.',
    );
    if (await isEmailTaken(trx, link.email, link.user_id)) throw taken;
    const account = await findAccount(trx, link.user_id);
    try {
      await updateAccount(trx, link.user_id, { email: link.email });
    } catch (error) {
      // Another account took the address between the check and the update.
      if (isUniqueViolation(error)) throw taken;
      throw error;
    }
    await revokeAccountTokens(trx, {
      purpose: 'email_change',
      userId: link.user_id,
    });
    await enqueueEmails(trx, [
      accountEmail({
        kind: 'email-changed',
        to: account.email,
        locale: resolveLocale(account.locale),
        company: null,
        vars: { name: account.first_name, newEmail: link.email },
      }),
    ]);
    return { email: link.email, userId: link.user_id };
  });
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23505';
