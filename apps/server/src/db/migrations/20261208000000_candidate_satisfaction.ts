import { sql, type Kysely } from 'kysely';

/**
 * Candidates' "How was this interview?" (issue 47): one answer per application, which a second
 * replaces; it goes with the application when that is erased. Read only as figures per
 * company and interview over a period, hence the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE candidate_satisfaction (
      application_id integer PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
      comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 1000),
      answered_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE INDEX candidate_satisfaction_company_idx
      ON candidate_satisfaction (company_id, answered_at)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE candidate_satisfaction`.execute(db);
}
