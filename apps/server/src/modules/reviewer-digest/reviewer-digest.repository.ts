import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { OPEN_FOR_REVIEW_SQL } from '../../db/applicant-stage-sql';

export type DigestReader = {
  id: number;
  email: string;
  first_name: string;
  locale: string;
  last_sent_at: Date | null;
};

/** People who asked for the daily digest and have none for `day` yet, in id order. */
export function listDigestReaders(
  db: Db,
  options: { day: string; afterId: number; limit: number },
): Promise<DigestReader[]> {
  return sql<DigestReader>`
    SELECT u.id, u.email, u.first_name, u.locale,
      (SELECT max(d.sent_at) FROM reviewer_digests d WHERE d.user_id = u.id) AS last_sent_at
    FROM users u
    WHERE u.notify_daily_summary AND NOT u.is_system AND u.id > ${options.afterId}
      AND NOT EXISTS (SELECT FROM reviewer_digests d
        WHERE d.user_id = u.id AND d.day = ${options.day}::date)
    ORDER BY u.id
    LIMIT ${options.limit}
  `
    .execute(db)
    .then((result) => result.rows);
}

/** Claims a person's digest of one day; false when another worker already did. */
export async function claimDigestDay(
  db: Db,
  values: { user_id: number; day: string; sent_at: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('reviewer_digests')
    .values(values)
    .onConflict((conflict) => conflict.columns(['user_id', 'day']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function setDigestCount(
  db: Db,
  values: { user_id: number; day: string; interviewees: number },
) {
  return db
    .updateTable('reviewer_digests')
    .set({ interviewees: values.interviewees })
    .where('user_id', '=', values.user_id)
    .where('day', '=', sql<Date>`${values.day}::date`)
    .execute();
}

export type DigestRow = {
  job_id: number;
  job_title: string;
  company_id: number;
  company_name: string;
  application_id: number;
  first_name: string;
  last_name: string;
  responded_at: Date;
};

/**
 * Interviewees who responded inside (since, until] and wait for this person's review, on the
 * published interviews they may open as the job access rule does (decision 113): the jobs of
 * their current company while they are an active member of it, and the jobs they review, with
 * only their assigned interviewees where the panel chose them. Nothing of anyone's judgement.
 */
export function listDigestRows(
  db: Db,
  options: { userId: number; since: Date; until: Date },
): Promise<DigestRow[]> {
  const { userId } = options;
  return sql<DigestRow>`
    SELECT j.id AS job_id, j.title AS job_title, c.id AS company_id, c.name AS company_name,
      a.id AS application_id, a.first_name, a.last_name, a.responded_at
    FROM applications a
    JOIN jobs j ON j.id = a.job_id AND j.status = 'Published'
    JOIN companies c ON c.id = j.company_id
    WHERE a.responded_at > ${options.since} AND a.responded_at <= ${options.until}
      AND ${OPEN_FOR_REVIEW_SQL}
      AND NOT EXISTS (SELECT FROM review_completions rc
        WHERE rc.application_id = a.id AND rc.user_id = ${userId})
      AND (
        EXISTS (SELECT FROM users u JOIN memberships m
            ON m.user_id = u.id AND m.company_id = u.current_company_id AND m.status = 'active'
          WHERE u.id = ${userId} AND u.current_company_id = j.company_id)
        OR EXISTS (SELECT FROM reviewers r
          WHERE r.job_id = j.id AND r.user_id = ${userId} AND r.account_status = 1
            AND (r.applicants <> 4 OR EXISTS (SELECT FROM reviewer_assignments ra
              WHERE ra.reviewer_id = r.id AND ra.application_id = a.id)))
      )
    ORDER BY a.id
    LIMIT 500
  `
    .execute(db)
    .then((result) => result.rows);
}
