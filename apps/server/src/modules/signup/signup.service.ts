import {
  resolveLocale,
  type AccountLink,
  type Locale,
  type SignupBody,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import {
  consumeAccountToken,
  issueAccountToken,
  peekAccountToken,
} from '../../platform/auth/account-tokens';
import { revokeAccountTokens } from '../../platform/auth/account-tokens.repository';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import { assertStrongPassword } from '../../platform/auth/password-policy';
import { AppError } from '../../platform/http/errors';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import { setCurrentCompany } from '../companies/companies.repository';
import { createCompanyWithAdmin } from '../companies/companies.service';
import { accountEmail } from '../emails/account-emails';
import {
  completePlaceholder,
  findAccountByEmail,
  findLiveSignupTokens,
  hasPasswordHolder,
  insertAccount,
} from './signup.repository';

/** What a sign-up link keeps until it is opened: nothing exists in the company tables before. */
export type SignupData = {
  company_name: string;
  full_name: string;
  password_hash: string;
  locale: string;
};

/** The reply to every link that is unknown, used or out of date: which one is nobody's business. */
export const linkGone = () =>
  new AppError('not_found', 'This link has expired or was already used.');

const signupClosed = () =>
  new AppError(
    'forbidden',
    'Sign-up is closed on this server. Ask your company’s administrator to invite you.',
  );

type Account = NonNullable<Awaited<ReturnType<typeof findAccountByEmail>>>;

/** An account someone already signs in to (or a system one): a sign-up never takes it over. */
const isOwnedAccount = (account: Account) =>
  account.password_hash !== null ||
  account.sso_provider !== null ||
  account.is_system;

/** "Ada van der Berg" → Ada / van der Berg: the first word, then the rest. */
export function splitFullName(fullName: string): {
  firstName: string;
  lastName: string;
} {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** Closed sign-up still lets the first person of an empty install in (decision 116). */
async function assertSignupAllowed(ctx: AppContext, db: Db): Promise<void> {
  if (ctx.config.signup === 'closed' && (await hasPasswordHolder(db)))
    throw signupClosed();
}

/**
 * Starts a sign-up: e-mails a confirmation link that carries everything until it is opened.
 * An address that already has an account gets a note instead, and the caller the same reply,
 * so the form tells nobody which addresses have accounts.
 */
export async function startSignup(
  ctx: AppContext,
  body: SignupBody,
  locale: Locale,
): Promise<void> {
  assertStrongPassword(body.password, {
    personal: [body.email, body.full_name, body.company_name],
  });
  await assertSignupAllowed(ctx, ctx.db);
  // Hashed for both kinds of address, so the reply takes as long for either.
  const passwordHash = await hashPassword(body.password);
  const account = await findAccountByEmail(ctx.db, body.email);
  await ctx.db.transaction().execute(async (trx) => {
    if (account && isOwnedAccount(account)) {
      await enqueueEmails(trx, [
        accountEmail({
          kind: 'signup-existing',
          to: account.email,
          locale: resolveLocale(account.locale),
          company: null,
          link: `${ctx.config.publicUrl}/login`,
        }),
      ]);
      return;
    }
    // The latest sign-up of an address replaces an earlier one not yet confirmed.
    await revokeAccountTokens(trx, { purpose: 'signup', email: body.email });
    const data: SignupData = {
      company_name: body.company_name,
      full_name: body.full_name,
      password_hash: passwordHash,
      locale,
    };
    await sendConfirmation(ctx, trx, body.email, data);
  });
}

async function sendConfirmation(
  ctx: AppContext,
  db: Db,
  email: string,
  data: SignupData,
): Promise<void> {
  const token = await issueAccountToken(db, {
    purpose: 'signup',
    email,
    data,
  });
  await enqueueEmails(db, [
    accountEmail({
      kind: 'signup-confirm',
      to: email,
      locale: resolveLocale(data.locale),
      company: null,
      link: `${ctx.config.publicUrl}/verify-email/${token}`,
      vars: {
        name: splitFullName(data.full_name).firstName,
        company: data.company_name,
      },
    }),
  ]);
}

/** A fresh link for a sign-up still waiting for its confirmation; nothing for anything else. */
export async function resendSignup(
  ctx: AppContext,
  email: string,
): Promise<void> {
  const [latest] = await findLiveSignupTokens(ctx.db, email);
  if (!latest) return;
  await ctx.db.transaction().execute(async (trx) => {
    const [revoked] = await revokeAccountTokens(trx, {
      purpose: 'signup',
      email,
    });
    // Confirmed in the meantime: a new link would create a second company.
    if (!revoked || revoked.numUpdatedRows === 0n) return;
    await sendConfirmation(ctx, trx, latest.email, latest.data as SignupData);
  });
}

/** What the confirmation page shows before confirming: the address. */
export async function peekSignup(db: Db, token: string): Promise<AccountLink> {
  const row = await peekAccountToken(db, 'signup', token);
  if (!row) throw linkGone();
  return { email: row.email };
}

/**
 * Opens a sign-up link: the company, its first admin (the account of the address) and the
 * admin's current company, in one transaction with the link's single use. Returns the account
 * to sign in.
 */
export async function confirmSignup(
  ctx: AppContext,
  token: string,
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const link = await consumeAccountToken(trx, 'signup', token);
    if (!link) throw linkGone();
    await assertSignupAllowed(ctx, trx);
    const data = link.data as SignupData;
    const userId = await accountForSignup(trx, link.email, data);
    const company = await createCompanyWithAdmin(trx, {
      name: data.company_name,
      userId,
    });
    await setCurrentCompany(trx, userId, company.id);
    // Other links of this sign-up (an older e-mail) must not create a second company.
    await revokeAccountTokens(trx, { purpose: 'signup', email: link.email });
    return userId;
  });
}

/** The account the sign-up's company gets as its admin, created or completed if need be. */
async function accountForSignup(
  db: Db,
  email: string,
  data: SignupData,
): Promise<number> {
  const names = splitFullName(data.full_name);
  const values = {
    ...names,
    passwordHash: data.password_hash,
    locale: resolveLocale(data.locale),
  };
  const account = await findAccountByEmail(db, email);
  if (!account) {
    const id = await insertAccount(db, { email, ...values });
    if (id !== undefined) return id;
    // Created by someone else a moment ago: take it as it now is.
    return accountForSignup(db, email, data);
  }
  if (account.is_system) throw linkGone();
  // An invited person's placeholder gets the password; an owned account keeps its own.
  if (!isOwnedAccount(account))
    await completePlaceholder(db, account.id, values);
  return account.id;
}

/**
 * Whether this address and password belong to a sign-up whose link has not been opened yet:
 * sign-in then says to confirm the address instead of "wrong password". Only the right
 * password learns it, so the answer tells a stranger nothing.
 */
export async function isAwaitingConfirmation(
  db: Db,
  email: string,
  password: string,
): Promise<boolean> {
  const [latest] = await findLiveSignupTokens(db, email);
  if (!latest) return false;
  return verifyPassword((latest.data as SignupData).password_hash, password);
}
