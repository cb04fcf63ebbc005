import type { AppContext } from '../../app-context';
import {
  enqueueEmails,
  type OutgoingEmail,
} from '../../platform/mail/outbox.repository';
import type { Poller } from '../../worker/pollers';
import { claimDueReminders, type DueReminder } from './reviewers.repository';

/** At most one reminder a day for each reviewer and interview. */
export const REMINDER_INTERVAL_HOURS = 24;
const BATCH = 50;

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
        const due = await claimDueReminders(trx, {
          intervalHours: REMINDER_INTERVAL_HOURS,
          limit: BATCH,
        });
        await enqueueEmails(
          trx,
          due.map((reminder) => reminderEmail(reminder, ctx.config.publicUrl)),
        );
        return due.length;
      });
    },
  };
}
