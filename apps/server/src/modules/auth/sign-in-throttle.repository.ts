import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** The keys among `keys` that are blocked at `now`, with the end of their block. */
export function findBlockedKeys(db: Db, keys: string[], now: Date) {
  return db
    .selectFrom('sign_in_failures')
    .select(['key', 'blocked_until'])
    .where('key', 'in', keys)
    .where('blocked_until', '>', now)
    .execute();
}

export type FailurePolicy = {
  /** Failures that block nothing. */
  free: number;
  /** The first block; each further failure doubles it. */
  firstBlockSeconds: number;
  maxBlockSeconds: number;
  /** A count whose last failure and block are older than this starts again. */
  forgetAfterSeconds: number;
};

/**
 * Counts one failure of `key` and blocks the key when the count is past the policy's free
 * failures. One statement, so failures arriving at once through several server processes are
 * each counted.
 */
export function recordFailure(
  db: Db,
  options: { key: string; policy: FailurePolicy; now: Date },
) {
  const { key, policy, now } = options;
  const forgetBefore = new Date(
    now.getTime() - policy.forgetAfterSeconds * 1000,
  );
  // greatest() skips a NULL blocked_until.
  const failures = sql<number>`CASE
    WHEN greatest(sign_in_failures.last_failed_at, sign_in_failures.blocked_until) < ${forgetBefore} THEN 1
    ELSE sign_in_failures.failures + 1 END`;
  // The exponent is capped so that power() stays small long after the delay is.
  const blockedUntil = sql<Date | null>`CASE
    WHEN ${failures} > ${policy.free}
    THEN ${now}::timestamptz + make_interval(secs => least(
      ${policy.firstBlockSeconds} * power(2, least(${failures} - ${policy.free} - 1, 20)),
      ${policy.maxBlockSeconds}))
    ELSE NULL END`;
  return db
    .insertInto('sign_in_failures')
    .values({ key, failures: 1, last_failed_at: now, blocked_until: null })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        failures,
        last_failed_at: now,
        blocked_until: blockedUntil,
      }),
    )
    .returning(['failures', 'blocked_until'])
    .executeTakeFirstOrThrow();
}

export function deleteFailures(db: Db, key: string): Promise<unknown> {
  return db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
}
