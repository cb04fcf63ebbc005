import { sql, type Kysely } from 'kysely';

/**
 * Data retention (docs/decisions/072-data-retention.md): each company's period, the index the
 * sweep finds expired applicants with, and an index the erasure's cascade needs.
 *
 * The last-activity expression is copied from modules/retention/last-activity-sql.ts, because
 * a migration must not change when that file does; the sweep uses the index only while the
 * two match.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    // Added without a default, so companies that existed before keep everything (null) until
    // someone chooses; only companies created from now on start with 12 months.
    sql`ALTER TABLE companies ADD COLUMN data_retention_months integer
      CHECK (data_retention_months IN (6, 12, 24, 36))`,
    sql`ALTER TABLE companies ALTER COLUMN data_retention_months SET DEFAULT 12`,
    sql`CREATE INDEX applications_last_activity_idx ON applications (job_id, (
      GREATEST(created_at, updated_at, invited_at, responded_at, declined_at, consented_at,
        reviewed_at, shortlisted_at, rejected_at, deadline)))`,
    // Erasing an applicant cascades to reviewer_assignments, whose key starts with reviewer_id.
    sql`CREATE INDEX reviewer_assignments_application_idx
      ON reviewer_assignments (application_id)`,
    // Deleting an interviewee no longer names them in the feed; earlier entries forget the name.
    sql`UPDATE activities SET data = data - 'name' WHERE verb = 'application.deleted'`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`DROP INDEX reviewer_assignments_application_idx`,
    sql`DROP INDEX applications_last_activity_idx`,
    sql`ALTER TABLE companies DROP COLUMN data_retention_months`,
  ]) {
    await statement.execute(db);
  }
}
