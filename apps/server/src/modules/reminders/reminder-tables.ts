import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** A company's reminders for new interviews and its time zone (migration 20261128040000). */
export type CompanyReminderSettingsTable = {
  company_id: number;
  enabled: boolean;
  hours_before: number | null;
  /** 'HH:MM' on the last morning before the deadline; null: no morning reminder. */
  morning_time: string | null;
  time_zone: string;
  updated_at: CreatedAt;
};

/** One interview's reminders, copied from its company's when the interview is made. */
export type JobReminderSettingsTable = {
  job_id: number;
  company_id: number;
  enabled: boolean;
  hours_before: number | null;
  morning_time: string | null;
  updated_at: CreatedAt;
};

/**
 * One reminder per interviewee and reminder time: the primary key makes a second insert of the
 * same reminder (another worker, a restart) do nothing, in the transaction that enqueues it.
 */
export type CandidateRemindersTable = {
  application_id: number;
  remind_at: Date;
  company_id: number;
  job_id: number;
  sent_at: CreatedAt;
};

/** Interviewees who asked for no more reminders (from the e-mail's link). */
export type ReminderOptOutsTable = {
  application_id: number;
  company_id: number;
  created_at: CreatedAt;
};

/** One digest per person and UTC day: the key keeps two workers from sending it twice. */
export type ReviewerDigestsTable = {
  user_id: number;
  day: ColumnType<Date, string, string>;
  sent_at: CreatedAt;
  interviewees: Generated<number>;
};

export type ReminderTables = {
  company_reminder_settings: CompanyReminderSettingsTable;
  job_reminder_settings: JobReminderSettingsTable;
  candidate_reminders: CandidateRemindersTable;
  reminder_opt_outs: ReminderOptOutsTable;
  reviewer_digests: ReviewerDigestsTable;
};
