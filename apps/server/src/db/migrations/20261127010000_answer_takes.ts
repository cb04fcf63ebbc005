import { sql, type Kysely } from 'kysely';

/**
 * Takes (docs/decisions/135-resumable-answer-uploads.md): one row per recording of a question,
 * each sent as one resumable (tus) upload. `take_hash` is the SHA-256 of the take's secret id
 * (the URL holds the id, the database only its hash); `key` is both the storage key of the
 * original and the tus upload's id. `received_bytes` is the upload's offset, kept for the
 * per-token quota even after the take is removed; `upload_info` is the tus upload's record
 * for the local storage driver (S3 keeps it in an `.info` object beside the upload).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE answer_takes (
    id serial PRIMARY KEY,
    take_hash text NOT NULL UNIQUE,
    answer_id integer NOT NULL REFERENCES answers(id) ON DELETE CASCADE,
    application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
    company_id integer NOT NULL,
    question_id integer NOT NULL,
    key text NOT NULL UNIQUE,
    content_type text NOT NULL,
    max_bytes bigint NOT NULL,
    quota_bytes bigint NOT NULL,
    received_bytes bigint NOT NULL DEFAULT 0,
    upload_info jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    upload_started_at timestamptz,
    completed_at timestamptz,
    removed_at timestamptz,
    removed_reason text
  )`.execute(db);
  await sql`CREATE INDEX answer_takes_application_idx
    ON answer_takes (application_id, question_id)`.execute(db);
  await sql`CREATE INDEX answer_takes_answer_idx ON answer_takes (answer_id)`.execute(
    db,
  );
  // The day-old sweep reads only takes still open.
  await sql`CREATE INDEX answer_takes_open_idx ON answer_takes (created_at)
    WHERE completed_at IS NULL AND removed_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE answer_takes`.execute(db);
}
