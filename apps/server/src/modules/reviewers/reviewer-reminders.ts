import { sql } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import { OPEN_FOR_REVIEW_SQL } from '../applications/stage-sql';
import {
  enqueueEmails,
  type OutgoingEmail,
} from '../../platform/mail/outbox.repository';
import type { Poller } from '../../worker/pollers';

/** At most one reminder a day for each reviewer and interview. */
export const REMINDER_INTERVAL_HOURS = 24;
const BATCH = 50;

type DueReminder = {
  reviewer_id: number;
  job_id: number;
  company_id: number;
  job_title: string;
  company_name: string;
  email: string;
  first_name: string;
  waiting: number;
};

/**
 * Claims reviewers who asked for reminders and have interviewees waiting for their review (their
 * own 'To review': in review, not completed by them; decision 133), marking them reminded in
 * the same statement.
 */
function claimDueReminders(db: Db): Promise<DueReminder[]> {
  return sql<DueReminder>`
    WITH waiting AS (
      SELECT r.id AS reviewer_id, count(*)::int AS waiting
      FROM reviewers r
      JOIN jobs j ON j.id = r.job_id AND j.status = 'Published'
      JOIN applications a ON a.job_id = j.id
      WHERE r.reminder_email AND r.account_status = 1 AND NOT r.is_account_holder
        AND (r.reminded_at IS NULL OR r.reminded_at < now() - make_interval(hours => ${REMINDER_INTERVAL_HOURS}))
        AND ${OPEN_FOR_REVIEW_SQL}
        AND (r.applicants <> 4 OR EXISTS (
          SELECT 1 FROM reviewer_assignments ra WHERE ra.reviewer_id = r.id AND ra.application_id = a.id))
        AND NOT EXISTS (SELECT 1 FROM review_completions rc
          WHERE rc.application_id = a.id AND rc.user_id = r.user_id)
      GROUP BY r.id
      LIMIT ${BATCH}
    ),
    claimed AS (
      UPDATE reviewers SET reminded_at = now()
      WHERE id IN (SELECT reviewer_id FROM waiting)
      RETURNING id, job_id, user_id
    )
    SELECT claimed.id AS reviewer_id, j.id AS job_id, j.company_id, j.title AS job_title,
      c.name AS company_name, u.email, u.first_name, waiting.waiting
    FROM claimed
    JOIN waiting ON waiting.reviewer_id = claimed.id
    JOIN jobs j ON j.id = claimed.job_id
    JOIN companies c ON c.id = j.company_id
    JOIN users u ON u.id = claimed.user_id
  `
    .execute(db)
    .then((result) => result.rows);
}

function reminderEmail(
  reminder: DueReminder,
  publicUrl: string,
): OutgoingEmail {
  const link = `${publicUrl}/interviews/${reminder.job_id}/interviewee`;
  const count =
    reminder.waiting === 1
      ? '1 interviewee is'
      : `${reminder.waiting} interviewees are`;
  const text = [
    `Hello ${reminder.first_name},`,
    '',
    `${count} waiting for your review on “${reminder.job_title}”.`,
    '',
    `Start reviewing: ${link}`,
  ].join('\n');
  const escape = (value: string) =>
    value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const html = `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>Hello ${escape(reminder.first_name)},</p>
<p>${escape(count)} waiting for your review on “${escape(reminder.job_title)}”.</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#3730a3;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Start reviewing</a></p>
</body></html>`;
  return {
    companyId: reminder.company_id,
    jobId: reminder.job_id,
    kind: 'reviewer-reminder',
    to: reminder.email,
    fromName: reminder.company_name,
    replyTo: '',
    subject: `Interviewees are waiting for your review: ${reminder.job_title}`,
    html,
    text,
  };
}

/** The reminder e-mail of the review panel's setting, sent by the worker. */
export function createReviewerReminderPoller(): Poller {
  return {
    name: 'reviewer-reminders',
    idleDelayMs: 10 * 60_000,
    async runOnce(ctx: AppContext) {
      // The claim and its e-mails commit together: a crash sends neither.
      return ctx.db.transaction().execute(async (trx) => {
        const due = await claimDueReminders(trx);
        await enqueueEmails(
          trx,
          due.map((reminder) => reminderEmail(reminder, ctx.config.publicUrl)),
        );
        return due.length;
      });
    },
  };
}
