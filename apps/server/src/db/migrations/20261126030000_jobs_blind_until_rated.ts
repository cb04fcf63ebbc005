import { sql, type Kysely } from 'kysely';

/**
 * Independent review (docs/decisions/132-hide-scores-until-you-rate.md): a job may hide the
 * panel's ratings, comments and decisions from a reviewer until they have rated the
 * interviewee themselves. Off by default, so existing jobs keep what their reviewers saw.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE jobs ADD COLUMN blind_until_rated boolean NOT NULL DEFAULT false`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE jobs DROP COLUMN blind_until_rated`.execute(db);
}
