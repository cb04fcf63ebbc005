import { EMAIL_NOT_CONFIRMED } from '@candor/domain';
import type { Db } from '../../db/connection';
import { verifyPassword } from '../../platform/auth/password';
import { AppError } from '../../platform/http/errors';
import { isAwaitingConfirmation } from '../signup/signup.service';
import { findUserByEmail } from './auth.repository';
import {
  assertNotBlocked,
  clearAccountFailures,
  countFailure,
  signInKeys,
} from './sign-in-throttle';

/**
 * The user whose e-mail and password these are. An unknown account and a wrong password get
 * the same reply in about the same time (the password is hashed either way) and are counted
 * alike (decision 117).
 */
export async function checkSignIn(
  db: Db,
  attempt: { address: string; email: string; password: string },
): Promise<number> {
  const keys = signInKeys(attempt.address, attempt.email);
  await assertNotBlocked(db, keys);
  const user = await findUserByEmail(db, attempt.email);
  const valid = await verifyPassword(
    user?.password_hash ?? null,
    attempt.password,
  );
  if (user && valid && !user.is_system) {
    await clearAccountFailures(db, attempt.email);
    return user.id;
  }
  if (
    !user?.password_hash &&
    (await isAwaitingConfirmation(db, attempt.email, attempt.password))
  ) {
    // Only the sign-up's own password learns this, so it tells a stranger nothing.
    throw new AppError(
      EMAIL_NOT_CONFIRMED,
      'Confirm your e-mail address first: open the link we sent to you, or send it again.',
    );
  }
  await countFailure(db, keys);
  throw new AppError(
    'bad_request',
    'The e-mail address or password is not right.',
  );
}
