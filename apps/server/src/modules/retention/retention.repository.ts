import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { CV_FILE_PATTERN, TAKE_FILE_PATTERN } from './erasable-files';
import { lastActivitySql } from './last-activity-sql';

/** Whose data an erasure removes: chosen applicants, or every applicant of one job. */
export type ErasureScope = { applicationIds: number[] } | { jobId: number };

function applicantIds(scope: ErasureScope) {
  return 'jobId' in scope
    ? sql`SELECT id FROM applications WHERE job_id = ${scope.jobId}`
    : sql`SELECT unnest(${scope.applicationIds}::int[])`;
}

/**
 * Queues the deletion of every file the applicants own alone (answers' originals, videos and
 * thumbnails, every take ever started with whatever it may have produced, CVs) as tasks of at
 * most `keysPerTask` keys each. The keys go from table to table inside PostgreSQL, so a job of
 * 100,000 applicants never passes through memory.
 */
export async function enqueueOwnFileDeletions(
  db: Db,
  options: { scope: ErasureScope; kind: string; keysPerTask: number },
): Promise<void> {
  const ids = applicantIds(options.scope);
  await sql`
    INSERT INTO tasks (kind, payload)
    SELECT ${options.kind}::text, jsonb_build_object('keys', jsonb_agg(key ORDER BY key))
    FROM (
      SELECT key, (row_number() OVER (ORDER BY key) - 1) / ${options.keysPerTask}::int AS chunk
      FROM (
        SELECT unnest(ARRAY[original_key, video_key, thumbnail_key]) AS key
        FROM answers WHERE application_id IN (${ids})
        UNION
        SELECT unnest(ARRAY[key, ${takeOutput('.mp4')}, ${takeOutput('.jpg')}])
        FROM answer_takes WHERE application_id IN (${ids})
        UNION
        SELECT cv_key FROM applications WHERE id IN (${ids})
      ) stored
      WHERE key ~ ${TAKE_FILE_PATTERN}::text OR key ~ ${CV_FILE_PATTERN}::text
    ) numbered
    GROUP BY chunk`.execute(db);
}

/** A take's MP4 or JPEG key beside its original (platform/storage/answer-keys.ts outputPrefixFor). */
const takeOutput = (extension: '.mp4' | '.jpg') =>
  sql`regexp_replace(key, ${'/originals/([^/.]+)\\.[a-z0-9]+$'}::text, ${`/videos/\\1${extension}`}::text)`;

/**
 * Originals of takes a browser may still be uploading (a request under way when the rows go)
 * or a worker still transcoding. A take already removed had its late deletion queued then.
 */
export async function findUnfinishedTakes(
  db: Db,
  scope: ErasureScope,
): Promise<string[]> {
  const ids = applicantIds(scope);
  const result = await sql<{ original_key: string }>`
    SELECT original_key FROM answers
    WHERE application_id IN (${ids})
      AND status IN ('uploading', 'processing') AND original_key IS NOT NULL
    UNION
    SELECT key FROM answer_takes
    WHERE application_id IN (${ids}) AND completed_at IS NULL AND removed_at IS NULL`.execute(
    db,
  );
  return result.rows.map((row) => row.original_key);
}

/**
 * Deletes the e-mails addressed to the applicants, except those a worker is sending right now
 * (claimed, lease running): those are returned, to be deleted once their send is over.
 */
export async function deleteApplicantEmails(
  db: Db,
  scope: ErasureScope,
): Promise<number[]> {
  const ids = applicantIds(scope);
  await sql`
    DELETE FROM outbox
    WHERE application_id IN (${ids})
      AND NOT (status = 'pending' AND locked_until IS NOT NULL AND locked_until > now())`.execute(
    db,
  );
  const sending = await sql<{ id: string | number }>`
    SELECT id FROM outbox WHERE application_id IN (${ids})`.execute(db);
  return sending.rows.map((row) => Number(row.id));
}

/** Deletes the webhook deliveries about the applicants: their payloads hold names and addresses. */
export async function deleteApplicantWebhooks(
  db: Db,
  scope: ErasureScope,
): Promise<void> {
  await sql`
    DELETE FROM webhook_deliveries
    WHERE application_id IN (${applicantIds(scope)})`.execute(db);
}

/** The domain events about one erased applicant carry their name (decision 176). */
export async function deleteApplicantEvents(
  db: Db,
  scope: ErasureScope,
): Promise<void> {
  await sql`
    DELETE FROM domain_events
    WHERE application_id IN (${applicantIds(scope)})`.execute(db);
}

/**
 * Deletes e-mails once no worker is sending them; returns how many are still being sent.
 */
export async function deleteSentEmails(db: Db, ids: number[]): Promise<number> {
  await sql`
    DELETE FROM outbox
    WHERE id IN (SELECT unnest(${ids.map(String)}::bigint[]))
      AND NOT (status = 'pending' AND locked_until IS NOT NULL AND locked_until > now())`.execute(
    db,
  );
  const left = await sql<{ count: string | number }>`
    SELECT count(*) AS count FROM outbox
    WHERE id IN (SELECT unnest(${ids.map(String)}::bigint[]))`.execute(db);
  return Number(left.rows[0]?.count ?? 0);
}

/**
 * Deletes the applicants. Their answers, answer reviews, reviews, matrix reviews, comments,
 * reviewer notes, reviewer assignments and activity entries go with them (ON DELETE CASCADE).
 */
export async function deleteApplicants(
  db: Db,
  scope: ErasureScope,
): Promise<number> {
  const result = await sql`
    DELETE FROM applications WHERE id IN (${applicantIds(scope)})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export type ExpiredApplicant = { id: number; job_id: number };

/**
 * Locks up to `limit` applicants whose last activity is older than their company's period.
 * SKIP LOCKED lets two workers sweep side by side without waiting for or repeating each
 * other. Job by job, the per-job last-activity index gives the expired applicants as one
 * range, so the sweep never reads the kept ones: a scan of the whole table would read every
 * kept row (and every row a batch just deleted) again on each batch.
 */
export async function lockExpiredApplicants(
  db: Db,
  limit: number,
): Promise<ExpiredApplicant[]> {
  const result = await sql<ExpiredApplicant>`
    SELECT expired.id, expired.job_id
    FROM companies c
    JOIN jobs j ON j.company_id = c.id
    CROSS JOIN LATERAL (
      SELECT a.id, a.job_id FROM applications a
      WHERE a.job_id = j.id
        AND ${lastActivitySql('a')} < now() - make_interval(months => c.data_retention_months)
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) expired
    WHERE c.data_retention_months IS NOT NULL
    LIMIT ${limit}`.execute(db);
  return result.rows;
}

/**
 * One feed entry per job and day says how many were erased, without names: a later batch of
 * the same day adds to it instead of writing another line.
 */
export async function recordErasedCount(
  db: Db,
  options: { jobId: number; count: number },
): Promise<void> {
  const updated = await sql`
    UPDATE activities
    SET data = jsonb_set(data, '{count}',
      to_jsonb(coalesce((data->>'count')::int, 0) + ${options.count}::int))
    WHERE id = (
      SELECT id FROM activities
      WHERE job_id = ${options.jobId} AND verb = 'applications.retention_erased'
        AND created_at >= date_trunc('day', now())
      ORDER BY created_at DESC, id DESC
      LIMIT 1
    )`.execute(db);
  if (Number(updated.numAffectedRows ?? 0) > 0) return;
  await sql`
    INSERT INTO activities (company_id, job_id, verb, data)
    SELECT company_id, id, 'applications.retention_erased',
      jsonb_build_object('count', ${options.count}::int, 'job', title)
    FROM jobs WHERE id = ${options.jobId}`.execute(db);
}
