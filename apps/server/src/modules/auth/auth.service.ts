import { EMAIL_NOT_CONFIRMED, type AuditActor } from '@candor/domain';
import type { Db } from '../../db/connection';
import { verifyPassword } from '../../platform/auth/password';
import { AppError } from '../../platform/http/errors';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { recordAuditForMemberships } from '../audit-log/audit-log.service';
import { isAwaitingConfirmation } from '../signup/signup.service';
import { findUserByEmail } from './auth.repository';
import {
  assertNotBlocked,
  clearAccountFailures,
  countFailure,
  signInKeys,
} from './sign-in-throttle';

export type SignedInUser = { id: number; actor: AuditActor };

const actorOf = (user: {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}): AuditActor => ({
  type: 'user',
  id: user.id,
  name: `${user.first_name} ${user.last_name}`.trim() || user.email,
});

/**
 * The user whose e-mail and password these are. An unknown account and a wrong password get
 * the same reply in about the same time (the password is hashed either way) and are counted
 * alike (decision 117). A wrong password for a member is written in their companies' audit
 * logs; the reply is the same as for anyone else.
 */
export async function checkSignIn(
  db: Db,
  attempt: { email: string; password: string; origin: RequestOrigin },
): Promise<SignedInUser> {
  const keys = signInKeys(attempt.origin.ip ?? '', attempt.email);
  await assertNotBlocked(db, keys);
  const user = await findUserByEmail(db, attempt.email);
  const valid = await verifyPassword(
    user?.password_hash ?? null,
    attempt.password,
  );
  if (user && valid && !user.is_system) {
    await clearAccountFailures(db, attempt.email);
    return { id: user.id, actor: actorOf(user) };
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
  if (user && !user.is_system)
    await recordAuditForMemberships(db, {
      userId: user.id,
      origin: { ...attempt.origin, actor: actorOf(user) },
      action: 'auth.sign_in_failed',
      details: { reason: 'wrong_password' },
    });
  await countFailure(db, keys);
  throw new AppError(
    'bad_request',
    'The e-mail address or password is not right.',
  );
}

/**
 * Starts the session of a user whose sign-in was checked, and records the sign-in in the audit
 * log of each company they are a member of, in one transaction.
 */
export function startSignedInSession(
  db: Db,
  options: {
    user: SignedInUser;
    origin: RequestOrigin;
    start: (trx: Db) => Promise<void>;
  },
): Promise<void> {
  const { user, origin } = options;
  return db.transaction().execute(async (trx) => {
    await options.start(trx);
    await recordAuditForMemberships(trx, {
      userId: user.id,
      origin: { ...origin, actor: user.actor },
      action: 'auth.sign_in',
      details: { method: 'password' },
    });
  });
}
