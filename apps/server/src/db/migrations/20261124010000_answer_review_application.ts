import { sql, type Kysely } from 'kysely';

/**
 * The applicant of each per-answer rating, next to the rating
 * (docs/decisions/102-answer-review-applicant.md), so a viewer's own rating of an applicant
 * (`user_rating` on every row of the job page) is one index lookup per applicant instead of
 * one per answer: the job page's list visited 646 buffers, 501 of them for those lookups.
 *
 * As applications.company_id, a trigger copies it from the answer on insert and when a rating's
 * answer changes: no insert has to know about it, and an answer never changes applicant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE answer_reviews ADD COLUMN application_id integer`.execute(
    db,
  );
  await sql`
    UPDATE answer_reviews SET application_id = answers.application_id
    FROM answers WHERE answers.id = answer_reviews.answer_id`.execute(db);
  await sql`ALTER TABLE answer_reviews ALTER COLUMN application_id SET NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION answer_reviews_application_of_answer() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      NEW.application_id := (SELECT application_id FROM answers WHERE id = NEW.answer_id);
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER answer_reviews_application
    BEFORE INSERT OR UPDATE OF answer_id ON answer_reviews
    FOR EACH ROW EXECUTE FUNCTION answer_reviews_application_of_answer()`.execute(
    db,
  );
  // Also under session_replication_role = replica, as the counters' triggers: seed:large
  // loads that way.
  await sql`ALTER TABLE answer_reviews ENABLE ALWAYS TRIGGER answer_reviews_application`.execute(
    db,
  );
  await sql`
    CREATE INDEX answer_reviews_application_user_idx
    ON answer_reviews (application_id, user_id) INCLUDE (rating)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX answer_reviews_application_user_idx`.execute(db);
  await sql`DROP TRIGGER answer_reviews_application ON answer_reviews`.execute(
    db,
  );
  await sql`DROP FUNCTION answer_reviews_application_of_answer()`.execute(db);
  await sql`ALTER TABLE answer_reviews DROP COLUMN application_id`.execute(db);
}
