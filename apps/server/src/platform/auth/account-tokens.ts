import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection';
import type { AccountTokenPurpose } from '../../db/schema';
import { newToken } from '../ids';
import {
  consumeLiveAccountToken,
  findLiveAccountToken,
  insertAccountToken,
} from './account-tokens.repository';

const HOUR_MS = 3_600_000;

/** How long each kind of e-mailed link works (decision 116). */
export const ACCOUNT_TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  signup: 48 * HOUR_MS,
  password_reset: HOUR_MS,
  email_change: 24 * HOUR_MS,
  join: 14 * 24 * HOUR_MS,
};

// The link carries the token; the table only its hash, so a leaked row opens nothing.
const hashAccountToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');

/**
 * Stores a new link's token and returns it for the e-mail. Call it in the transaction that
 * queues the e-mail, so neither exists without the other.
 */
export async function issueAccountToken(
  db: Db,
  options: {
    purpose: AccountTokenPurpose;
    email: string;
    userId?: number | null;
    companyId?: number | null;
    data?: Record<string, unknown>;
  },
): Promise<string> {
  const token = newToken();
  await insertAccountToken(db, {
    tokenHash: hashAccountToken(token),
    purpose: options.purpose,
    email: options.email,
    userId: options.userId ?? null,
    companyId: options.companyId ?? null,
    data: options.data ?? {},
    expiresAt: new Date(
      Date.now() + ACCOUNT_TOKEN_LIFETIME_MS[options.purpose],
    ),
  });
  return token;
}

/** The live link of this purpose, without using it (what a link's page shows first). */
export function peekAccountToken(
  db: Db,
  purpose: AccountTokenPurpose,
  token: string,
) {
  return findLiveAccountToken(db, purpose, hashAccountToken(token));
}

/** Uses the link once: a second use, or an expired or unknown link, gets undefined. */
export function consumeAccountToken(
  db: Db,
  purpose: AccountTokenPurpose,
  token: string,
) {
  return consumeLiveAccountToken(db, purpose, hashAccountToken(token));
}
