import { DEFAULT_REMINDER_TIME_ZONE, dueReminderTime } from '@candor/domain';
import type { AppContext } from '../../app-context';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import { emit } from '../../platform/events/emit';
import {
  composeApplicantEmail,
  loadJobEmailContext,
  type JobEmailContext,
} from '../emails/emails.service';
import {
  insertCandidateReminder,
  listReminderCandidates,
  lockRemindableApplication,
  type ReminderCandidate,
} from './reminders.repository';
import { unsubscribeToken } from './unsubscribe-token';

const BATCH = 200;

export function unsubscribeUrl(ctx: AppContext, applicationId: number): string {
  return `${ctx.config.publicUrl}/reminders/unsubscribe/${unsubscribeToken(ctx.config.signingSecret, applicationId)}`;
}

function dueTimeOf(candidate: ReminderCandidate, now: Date): Date | null {
  return dueReminderTime({
    deadline: candidate.deadline,
    schedule: {
      enabled: candidate.enabled,
      hoursBefore: candidate.hours_before,
      morningTime: candidate.morning_time,
    },
    // No interviewee's own zone is recorded: the company's stands in (decision 155).
    timeZone: candidate.time_zone ?? DEFAULT_REMINDER_TIME_ZONE,
    invitedAt: candidate.invited_at,
    lastSentAt: candidate.last_sent_at,
    now,
  });
}

/**
 * Sends every reminder that is due at `now`, each in its own transaction with its key, its
 * e-mail and its activity entry: a second worker or a restart finds the key and sends nothing.
 * Returns how many went out.
 */
export async function sendDueCandidateReminders(
  ctx: AppContext,
  now: Date,
): Promise<number> {
  const contexts = new Map<number, JobEmailContext>();
  let sent = 0;
  let afterId = 0;
  for (;;) {
    const candidates = await listReminderCandidates(ctx.db, {
      now,
      afterId,
      limit: BATCH,
    });
    for (const candidate of candidates) {
      const remindAt = dueTimeOf(candidate, now);
      if (remindAt === null) continue;
      let email = contexts.get(candidate.job_id);
      if (!email) {
        email = await loadJobEmailContext(
          ctx.db,
          ctx.config,
          candidate.job_id,
          'reminder',
        );
        contexts.set(candidate.job_id, email);
      }
      if (await sendOne(ctx, { candidate, remindAt, email, now })) sent += 1;
    }
    if (candidates.length < BATCH) return sent;
    afterId = candidates.at(-1)?.id ?? afterId;
  }
}

async function sendOne(
  ctx: AppContext,
  options: {
    candidate: ReminderCandidate;
    remindAt: Date;
    email: JobEmailContext;
    now: Date;
  },
): Promise<boolean> {
  const { candidate, remindAt, email, now } = options;
  return ctx.db.transaction().execute(async (trx) => {
    // Completed, withdrawn, extended or unsubscribed since the scan: not this reminder.
    const locked = await lockRemindableApplication(trx, {
      applicationId: candidate.id,
      now,
    });
    if (locked?.deadline.getTime() !== candidate.deadline.getTime())
      return false;
    const isFirst = await insertCandidateReminder(trx, {
      application_id: candidate.id,
      remind_at: remindAt,
      company_id: candidate.company_id,
      job_id: candidate.job_id,
      sent_at: now,
    });
    if (!isFirst) return false;
    await enqueueEmails(trx, [
      composeApplicantEmail(email, candidate, {
        kind: 'reminder',
        mergeType: 'reminder',
        withInterviewLink: true,
        unsubscribeUrl: unsubscribeUrl(ctx, candidate.id),
      }),
    ]);
    await emit(trx, {
      companyId: candidate.company_id,
      jobId: candidate.job_id,
      applicationId: candidate.id,
      type: 'application.reminded',
      data: {
        name: `${candidate.first_name} ${candidate.last_name}`,
        deadline: candidate.deadline.toISOString(),
      },
    });
    return true;
  });
}
