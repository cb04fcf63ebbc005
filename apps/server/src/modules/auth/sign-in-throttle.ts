import type { Db } from '../../db/connection';
import { AppError } from '../../platform/http/errors';
import {
  deleteFailures,
  findBlockedKeys,
  recordFailure,
  type FailurePolicy,
} from './sign-in-throttle.repository';

const growing = {
  firstBlockSeconds: 30,
  maxBlockSeconds: 15 * 60,
  forgetAfterSeconds: 15 * 60,
};
// An office behind one address holds many people, hence more failures than one person's.
const ACCOUNT_POLICY: FailurePolicy = { free: 5, ...growing };
const ADDRESS_POLICY: FailurePolicy = { free: 20, ...growing };

/** The two counters a sign-in attempt belongs to (decision 117). */
export type SignInKeys = { address: string; account: string };

export function signInKeys(address: string, email: string): SignInKeys {
  return {
    address: `ip:${address}`,
    // Unknown accounts are counted too, so the reply does not tell whether one exists.
    account: `account:${email.trim().toLowerCase()}`,
  };
}

/** Refuses at once, without reading any password, while either counter is blocked. */
export async function assertNotBlocked(db: Db, keys: SignInKeys) {
  const now = new Date();
  const blocked = await findBlockedKeys(db, [keys.address, keys.account], now);
  const until = Math.max(
    ...blocked.map((row) => row.blocked_until?.getTime() ?? 0),
  );
  if (blocked.length > 0) throw tooManyFailures(until - now.getTime());
}

/**
 * Counts a failed sign-in against the address and the account; the failure that starts a
 * block is answered like the ones it blocks.
 */
export async function countFailure(db: Db, keys: SignInKeys): Promise<void> {
  const now = new Date();
  const counts = await Promise.all([
    recordFailure(db, { key: keys.address, policy: ADDRESS_POLICY, now }),
    recordFailure(db, { key: keys.account, policy: ACCOUNT_POLICY, now }),
  ]);
  const until = Math.max(
    ...counts.map((row) => row.blocked_until?.getTime() ?? 0),
  );
  if (until > now.getTime()) throw tooManyFailures(until - now.getTime());
}

/**
 * Only the account's counter: an attacker signing in to their own account must not wipe the
 * failures of the address they share with their guesses. A password reset may call it too: its
 * link proves the address.
 */
export function clearAccountFailures(db: Db, email: string) {
  return deleteFailures(db, signInKeys('', email).account);
}

export class SignInBlockedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many', message);
  }
}

function tooManyFailures(remainingMs: number): SignInBlockedError {
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
  return new SignInBlockedError(
    `Too many failed sign-ins. Try again in ${waitText(seconds)}.`,
    seconds,
  );
}

/** Seconds under a minute, else whole minutes rounded up: never shorter than the wait. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
