import { sql, type Kysely } from 'kysely';

/**
 * One trigram index on search_text, the applicant's name and e-mail lowercased and joined
 * (docs/decisions/107-one-trigram-index.md), instead of one on the name and one on the e-mail:
 * a word is looked up in one index instead of two, and the search tests the same text as its
 * newest-first window does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX applications_search_trgm_idx
    ON applications USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`DROP INDEX applications_name_trgm_idx`.execute(db);
  await sql`DROP INDEX applications_email_trgm_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX applications_name_trgm_idx
    ON applications USING gin ((first_name || ' ' || last_name) gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX applications_email_trgm_idx
    ON applications USING gin (email gin_trgm_ops)`.execute(db);
  await sql`DROP INDEX applications_search_trgm_idx`.execute(db);
}
