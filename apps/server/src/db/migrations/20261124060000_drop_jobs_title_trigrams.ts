import { sql, type Kysely } from 'kysely';

/**
 * The job list finds a title with strpos on the lowercased title, over the company's jobs
 * (docs/decisions/108-job-title-filter.md): nothing asks the trigram index on titles any more,
 * and PostgreSQL had not used it for a company's thousand jobs either.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX jobs_title_trgm_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX jobs_title_trgm_idx
    ON jobs USING gin (title gin_trgm_ops)`.execute(db);
}
