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

/** The reminder's words in the reviewer's language (their account's). */
const WORDS = {
  'en-gb': {
    hello: (name: string) => `Hello ${name},`,
    waiting: (count: number, job: string) =>
      `${count === 1 ? '1 interviewee is' : `${count} interviewees are`} waiting for your review on “${job}”.`,
    start: 'Start reviewing',
    subject: (job: string) =>
      `Interviewees are waiting for your review: ${job}`,
  },
  'fr-fr': {
    hello: (name: string) => `Bonjour ${name},`,
    waiting: (count: number, job: string) =>
      `${count === 1 ? '1 personne attend' : `${count} personnes attendent`} votre évaluation pour « ${job} ».`,
    start: 'Commencer l’évaluation',
    subject: (job: string) =>
      `Des personnes attendent votre évaluation : ${job}`,
  },
} as const;

function reminderEmail(
  reminder: DueReminder,
  publicUrl: string,
): OutgoingEmail {
  const link = `${publicUrl}/interviews/${reminder.job_id}/interviewee`;
  const words = WORDS[reminder.locale.startsWith('fr') ? 'fr-fr' : 'en-gb'];
  const waiting = words.waiting(reminder.waiting, reminder.job_title);
  const text = [
    words.hello(reminder.first_name),
    '',
    waiting,
    '',
    `${words.start}: ${link}`,
  ].join('\n');
  const escape = (value: string) =>
    value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const html = `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escape(words.hello(reminder.first_name))}</p>
<p>${escape(waiting)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#3730a3;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(words.start)}</a></p>
</body></html>`;
  return {
    companyId: reminder.company_id,
    jobId: reminder.job_id,
    kind: 'reviewer-reminder',
    to: reminder.email,
    fromName: reminder.company_name,
    replyTo: '',
    subject: words.subject(reminder.job_title),
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
