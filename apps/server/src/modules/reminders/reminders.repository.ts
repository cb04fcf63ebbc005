import { LAST_MORNING_WITHIN_HOURS } from '@candor/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';

type ScheduleValues = {
  enabled: boolean;
  hours_before: number | null;
  morning_time: string | null;
};

export function findCompanyReminderSettings(db: Db, companyId: number) {
  return db
    .selectFrom('company_reminder_settings')
    .select(['enabled', 'hours_before', 'morning_time', 'time_zone'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

export function saveCompanyReminderSettings(
  db: Db,
  companyId: number,
  values: ScheduleValues & { time_zone: string },
) {
  return db
    .insertInto('company_reminder_settings')
    .values({ company_id: companyId, ...values })
    .onConflict((conflict) =>
      conflict
        .column('company_id')
        .doUpdateSet({ ...values, updated_at: new Date() }),
    )
    .execute();
}

export function findJobReminderSettings(db: Db, jobId: number) {
  return db
    .selectFrom('job_reminder_settings')
    .select(['enabled', 'hours_before', 'morning_time'])
    .where('job_id', '=', jobId)
    .executeTakeFirst();
}

export function saveJobReminderSettings(
  db: Db,
  job: { id: number; company_id: number },
  values: ScheduleValues,
) {
  return db
    .insertInto('job_reminder_settings')
    .values({ job_id: job.id, company_id: job.company_id, ...values })
    .onConflict((conflict) =>
      conflict
        .column('job_id')
        .doUpdateSet({ ...values, updated_at: new Date() }),
    )
    .execute();
}

export type ReminderCandidate = {
  id: number;
  job_id: number;
  company_id: number;
  first_name: string;
  last_name: string;
  email: string;
  shortcode: string;
  token: string;
  deadline: Date;
  invited_at: Date;
  enabled: boolean;
  hours_before: number | null;
  morning_time: string | null;
  time_zone: string | null;
  last_sent_at: Date | null;
};

/**
 * Whether an interviewee may be reminded: invited and delivered, neither answered in full nor
 * withdrawn, still open, deadline ahead, not opted out, on a published interview with
 * reminders on. One copy, used by the scan and by the lock that rechecks it before sending.
 */
const REMINDABLE = (now: Date) => sql<boolean>`(a.invited_at IS NOT NULL
  AND a.responded_at IS NULL AND a.declined_at IS NULL AND NOT a.invitation_failed
  AND NOT a.archived AND NOT a.shortlisted AND NOT a.rejected
  AND a.deadline > ${now}
  AND j.status = 'Published' AND s.enabled
  AND NOT EXISTS (SELECT FROM reminder_opt_outs o WHERE o.application_id = a.id))`;

/**
 * Interviewees near enough to their deadline for one of their interview's reminder times to
 * have come, with the schedule, the company's zone and their last reminder, in id order after
 * `afterId`. Which time is due is the domain's rule (dueReminderTime).
 */
export function listReminderCandidates(
  db: Db,
  options: { now: Date; afterId: number; limit: number },
): Promise<ReminderCandidate[]> {
  const { now } = options;
  return sql<ReminderCandidate>`
    SELECT a.id, a.job_id, j.company_id, a.first_name, a.last_name, a.email, a.shortcode,
      a.token, a.deadline, a.invited_at, s.enabled, s.hours_before, s.morning_time,
      c.time_zone,
      (SELECT max(r.remind_at) FROM candidate_reminders r WHERE r.application_id = a.id)
        AS last_sent_at
    FROM applications a
    JOIN jobs j ON j.id = a.job_id
    JOIN job_reminder_settings s ON s.job_id = j.id
    LEFT JOIN company_reminder_settings c ON c.company_id = j.company_id
    WHERE ${REMINDABLE(now)}
      AND (
        (s.hours_before IS NOT NULL
          AND a.deadline <= ${now}::timestamptz + make_interval(hours => s.hours_before))
        OR (s.morning_time IS NOT NULL
          AND a.deadline <= ${now}::timestamptz + make_interval(hours => ${LAST_MORNING_WITHIN_HOURS}))
      )
      AND a.id > ${options.afterId}
    ORDER BY a.id
    LIMIT ${options.limit}
  `
    .execute(db)
    .then((result) => result.rows);
}

/** Locks one interviewee if they may still be reminded (inside the sending transaction). */
export function lockRemindableApplication(
  db: Db,
  options: { applicationId: number; now: Date },
) {
  return sql<{ id: number; deadline: Date }>`
    SELECT a.id, a.deadline FROM applications a
    JOIN jobs j ON j.id = a.job_id
    JOIN job_reminder_settings s ON s.job_id = j.id
    WHERE a.id = ${options.applicationId}
      AND ${REMINDABLE(options.now)}
    FOR UPDATE OF a
  `
    .execute(db)
    .then((result) => result.rows[0]);
}

/** Records one reminder; false when it was already recorded (another worker, a restart). */
export async function insertCandidateReminder(
  db: Db,
  values: {
    application_id: number;
    remind_at: Date;
    company_id: number;
    job_id: number;
    sent_at: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('candidate_reminders')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['application_id', 'remind_at']).doNothing(),
    )
    .returning('application_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** What the unsubscribe page shows of one interviewee's interview: its company and title. */
export function findUnsubscribeFacts(db: Db, applicationId: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('companies as c', 'c.id', 'j.company_id')
    .leftJoin('reminder_opt_outs as o', 'o.application_id', 'a.id')
    .select([
      'a.id',
      'a.job_id',
      'a.first_name',
      'a.last_name',
      'j.company_id',
      'j.title as interview_title',
      'c.name as company_name',
      'o.created_at as opted_out_at',
    ])
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
}

export async function insertOptOut(
  db: Db,
  values: { application_id: number; company_id: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('reminder_opt_outs')
    .values(values)
    .onConflict((conflict) => conflict.column('application_id').doNothing())
    .returning('application_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
