import { sql, type Kysely } from 'kysely';

// When each reviewer was last reminded of interviewees waiting for their review.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reviewers ADD COLUMN reminded_at timestamptz`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reviewers DROP COLUMN reminded_at`.execute(db);
}
