import type { Db } from '../../db/connection';
import { verifyPassword } from '../../platform/auth/password';
import { findLiveSignupTokens } from './signup.repository';

/** What a sign-up link keeps until it is opened: nothing exists in the company tables before. */
export type SignupData = {
  company_name: string;
  full_name: string;
  password_hash: string;
  locale: string;
};

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
