import { sql, type Kysely } from 'kysely';

/**
 * The voluntary equal-opportunity survey (issue 46, decision 181). The company chooses whether
 * to ask and what; the answers have a table of their own that names no person: no application
 * id, no time, and a key (`handle`) that only the server's secret connects to an interviewee,
 * so no query over the database alone can put a name to an answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies
    ADD COLUMN survey_enabled boolean NOT NULL DEFAULT false,
    ADD COLUMN survey_categories text[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`CREATE TABLE equal_opportunity_answers (
    handle text PRIMARY KEY,
    company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    job_id integer NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    answers jsonb NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX equal_opportunity_answers_company_job
    ON equal_opportunity_answers (company_id, job_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE equal_opportunity_answers`.execute(db);
  await sql`ALTER TABLE companies DROP COLUMN survey_enabled,
    DROP COLUMN survey_categories`.execute(db);
}
