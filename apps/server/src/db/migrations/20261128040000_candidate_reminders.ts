import { sql, type Kysely } from 'kysely';

/**
 * Candidate reminders and the reviewer digest (decisions 155 and 156):
 *
 * - company_reminder_settings: the reminders new interviews start with, and the company's
 *   time zone; a company without a row has the defaults (on, 48 hours before, 09:00 on the last
 *   morning, Europe/London).
 * - job_reminder_settings: each interview's own, copied from its company's by a trigger when
 *   the interview is made (whatever makes it: the wizard, a copy, a template). Interviews made
 *   before this migration get none: nobody invited them expecting reminders.
 * - candidate_reminders: one row per interviewee and reminder time, written with the e-mail.
 * - reminder_opt_outs: interviewees who followed the e-mail's unsubscribe link.
 * - reviewer_digests: one row per person and day, written with the digest e-mail.
 * - default_emails may hold a 'reminder' template.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per call: PostgreSQL prepares each.
  for (const statement of [
    `CREATE TABLE company_reminder_settings (
      company_id integer PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
      enabled boolean NOT NULL DEFAULT true,
      hours_before integer CHECK (hours_before BETWEEN 1 AND 336),
      morning_time text CHECK (morning_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      time_zone text NOT NULL DEFAULT 'Europe/London',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE job_reminder_settings (
      job_id integer PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      enabled boolean NOT NULL DEFAULT true,
      hours_before integer CHECK (hours_before BETWEEN 1 AND 336),
      morning_time text CHECK (morning_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE FUNCTION job_reminder_settings_copy() RETURNS trigger
    LANGUAGE plpgsql AS $copy$
    BEGIN
      INSERT INTO job_reminder_settings (job_id, company_id, enabled, hours_before, morning_time)
      SELECT NEW.id, NEW.company_id, coalesce(c.enabled, true),
        CASE WHEN c.company_id IS NULL THEN 48 ELSE c.hours_before END,
        CASE WHEN c.company_id IS NULL THEN '09:00' ELSE c.morning_time END
      FROM (SELECT 1) AS one
      LEFT JOIN company_reminder_settings c ON c.company_id = NEW.company_id;
      RETURN NULL;
    END;
    $copy$`,
    `CREATE TRIGGER job_reminder_settings_copy AFTER INSERT ON jobs
      FOR EACH ROW EXECUTE FUNCTION job_reminder_settings_copy()`,
    `CREATE TABLE candidate_reminders (
      application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      remind_at timestamptz NOT NULL,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      sent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (application_id, remind_at)
    )`,
    `CREATE TABLE reminder_opt_outs (
      application_id integer PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE reviewer_digests (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      day date NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now(),
      interviewees integer NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, day)
    )`,
    // Interviewees waiting for an answer, by deadline: what the reminder poller scans.
    `CREATE INDEX applications_reminder_deadline_idx ON applications (deadline)
      WHERE invited_at IS NOT NULL AND responded_at IS NULL AND declined_at IS NULL
        AND NOT invitation_failed AND NOT archived`,
    `ALTER TABLE default_emails DROP CONSTRAINT default_emails_type_check`,
    `ALTER TABLE default_emails ADD CONSTRAINT default_emails_type_check
      CHECK (type IN ('invitation', 'completion', 'rejection', 'reminder'))`,
  ])
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `DELETE FROM default_emails WHERE type = 'reminder'`,
    `ALTER TABLE default_emails DROP CONSTRAINT default_emails_type_check`,
    `ALTER TABLE default_emails ADD CONSTRAINT default_emails_type_check
      CHECK (type IN ('invitation', 'completion', 'rejection'))`,
    `DROP INDEX applications_reminder_deadline_idx`,
    `DROP TRIGGER job_reminder_settings_copy ON jobs`,
    `DROP FUNCTION job_reminder_settings_copy()`,
    `DROP TABLE reviewer_digests, reminder_opt_outs, candidate_reminders,
      job_reminder_settings, company_reminder_settings`,
  ])
    await sql.raw(statement).execute(db);
}
