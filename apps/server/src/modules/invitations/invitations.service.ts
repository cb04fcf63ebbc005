import {
  applicantDeadline,
  escapeHtml,
  isValidEmail,
  isValidNewDeadline,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { JobAccess } from '../../platform/access/job-access';
import { AppError } from '../../platform/http/errors';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import { emit } from '../../platform/events/emit';
import { actionsFor } from '../applications/application-reply';
import {
  findApplication,
  lockApplication,
  updateApplication,
} from '../applications/applications.repository';
import {
  applicationReply,
  findVisibleApplication,
} from '../applications/applications.service';
import {
  composeApplicantEmail,
  loadJobEmailContext,
  type EmailRecipient,
} from '../emails/emails.service';
import { sanitizeEmailBody } from '../emails/sanitize-body';
import { renderEmailLayout } from '../emails/email-layout';
import {
  countAwaiting,
  extendAwaitingDeadlines,
  markToInviteInvited,
  findPreviewRecipient,
  listPreviewQuestions,
} from './invitations.repository';

export type InviteInput = {
  invited_from_name?: string | undefined;
  invite_subject?: string | undefined;
};

function assertCanInvite(access: JobAccess): void {
  if (access.job.status === 'Archived') {
    throw new AppError(
      'conflict',
      'This interview is archived: unarchive it before inviting interviewees.',
    );
  }
}

const inviteOptions = (
  input: InviteInput,
  kind: 'invitation' | 'extension',
) => ({
  kind,
  mergeType: 'invitation' as const,
  subject: input.invite_subject,
  fromName: input.invited_from_name,
  withInterviewLink: true,
});

/**
 * Invite (ToInvite) or resend (awaiting, deadline ahead): sets invited_at and, for a first
 * invitation, the deadline (the job's, or applicant_deadline_days from now); the e-mail goes
 * to the outbox in the same transaction.
 */
export async function inviteApplicant(
  ctx: AppContext,
  access: JobAccess,
  id: number,
  input: InviteInput,
) {
  assertCanInvite(access);
  await findVisibleApplication(ctx, access, id);
  const job = access.facts;
  const email = await loadJobEmailContext(
    ctx.db,
    ctx.config,
    access.job.id,
    'invitation',
  );
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockApplication(trx, access.job.id, id)))
      throw new AppError('not_found', 'This interviewee was not found.');
    const row = await findApplication(trx, access.job.id, id, access.userId);
    if (!row)
      throw new AppError('not_found', 'This interviewee was not found.');
    const now = new Date();
    const actions = actionsFor(row, job, access, now);
    const resend = actions.includes('resend');
    if (!actions.includes('invite') && !resend) {
      throw new AppError(
        'conflict',
        actions.includes('extend')
          ? 'The deadline has passed: extend it to invite this interviewee again.'
          : 'This interviewee cannot be invited now.',
      );
    }
    const deadline = resend ? row.deadline : applicantDeadline(access.job, now);
    await updateApplication(trx, id, {
      invited_at: now,
      deadline,
      invitation_failed: false,
    });
    await enqueueEmails(trx, [
      composeApplicantEmail(
        email,
        { ...row, deadline },
        inviteOptions(input, 'invitation'),
      ),
    ]);
    await emit(trx, {
      companyId: access.job.company_id,
      jobId: access.job.id,
      applicationId: id,
      userId: access.userId,
      type: resend ? 'application.reinvited' : 'application.invited',
      data: {
        name: `${row.first_name} ${row.last_name}`,
        job: access.job.title,
      },
    });
  });
  return applicationReply(ctx, access, id);
}

/**
 * Invites everyone in To invite. One transaction marks them invited and writes every e-mail
 * to the outbox; the reply comes at once and the outbox poller sends in the background.
 */
export async function inviteAll(
  ctx: AppContext,
  access: JobAccess,
  input: InviteInput,
) {
  assertCanInvite(access);
  if (access.job.sjt_assessment) return { queued: 0, skipped: 0 };
  const email = await loadJobEmailContext(
    ctx.db,
    ctx.config,
    access.job.id,
    'invitation',
  );
  const now = new Date();
  const deadline = applicantDeadline(access.job, now);
  const queued = await ctx.db.transaction().execute(async (trx) => {
    const recipients = await markToInviteInvited(trx, access.job.id, {
      now,
      deadline,
    });
    await enqueueEmails(
      trx,
      recipients.map((recipient) =>
        composeApplicantEmail(
          email,
          recipient,
          inviteOptions(input, 'invitation'),
        ),
      ),
    );
    if (recipients.length > 0) {
      // One change: one activity line for the batch, one webhook per application.
      await emit(trx, {
        companyId: access.job.company_id,
        jobId: access.job.id,
        applicationIds: recipients.map((recipient) => recipient.id),
        userId: access.userId,
        type: 'applications.invited_all',
        data: { count: recipients.length, job: access.job.title },
      });
    }
    return recipients.length;
  });
  return { queued, skipped: 0 };
}

export type ExtendInput = InviteInput & { deadline: Date };

/** A new, later deadline for one awaiting applicant, with a fresh invitation e-mail. */
export async function extendApplicant(
  ctx: AppContext,
  access: JobAccess,
  id: number,
  input: ExtendInput,
) {
  assertCanInvite(access);
  await findVisibleApplication(ctx, access, id);
  const job = access.facts;
  const email = await loadJobEmailContext(
    ctx.db,
    ctx.config,
    access.job.id,
    'invitation',
  );
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockApplication(trx, access.job.id, id)))
      throw new AppError('not_found', 'This interviewee was not found.');
    const row = await findApplication(trx, access.job.id, id, access.userId);
    if (!row)
      throw new AppError('not_found', 'This interviewee was not found.');
    const now = new Date();
    const actions = actionsFor(row, job, access, now);
    if (!actions.includes('extend') && !actions.includes('resend')) {
      throw new AppError(
        'conflict',
        'Only an interviewee awaiting a response can have the deadline extended.',
      );
    }
    if (!isValidNewDeadline(input.deadline, row.deadline, now)) {
      throw new AppError(
        'bad_request',
        'Choose a deadline after the current one and in the future.',
        {
          deadline: [
            'Choose a deadline after the current one and in the future.',
          ],
        },
      );
    }
    await updateApplication(trx, id, { deadline: input.deadline });
    await enqueueEmails(trx, [
      composeApplicantEmail(
        email,
        { ...row, deadline: input.deadline },
        inviteOptions(input, 'extension'),
      ),
    ]);
    await emit(trx, {
      companyId: access.job.company_id,
      jobId: access.job.id,
      applicationId: id,
      userId: access.userId,
      type: 'application.deadline_extended',
      data: {
        name: `${row.first_name} ${row.last_name}`,
        deadline: input.deadline.toISOString(),
      },
    });
  });
  return applicationReply(ctx, access, id);
}

/** extend_all: a later deadline for the awaiting applicants `include` picks, one e-mail each. */
export async function extendAll(
  ctx: AppContext,
  access: JobAccess,
  input: ExtendInput & { include: string },
) {
  assertCanInvite(access);
  const now = new Date();
  if (input.deadline.getTime() <= now.getTime()) {
    throw new AppError('bad_request', 'Choose a deadline in the future.', {
      deadline: ['Choose a deadline in the future.'],
    });
  }
  const include: 'expired' | 'all' | number[] =
    input.include === 'expired' || input.include === 'all'
      ? input.include
      : input.include.split(',').map(Number);
  const email = await loadJobEmailContext(
    ctx.db,
    ctx.config,
    access.job.id,
    'invitation',
  );
  return ctx.db.transaction().execute(async (trx) => {
    const candidates = await countAwaiting(trx, access.job.id, include, now);
    const recipients: EmailRecipient[] = await extendAwaitingDeadlines(
      trx,
      access.job.id,
      { now, deadline: input.deadline, include },
    );
    await enqueueEmails(
      trx,
      recipients.map((recipient) =>
        composeApplicantEmail(
          email,
          recipient,
          inviteOptions(input, 'extension'),
        ),
      ),
    );
    if (recipients.length > 0) {
      await emit(trx, {
        companyId: access.job.company_id,
        jobId: access.job.id,
        userId: access.userId,
        // Each one is texted too, where the company sends texts (decision 188).
        applicationIds: recipients.map((recipient) => recipient.id),
        type: 'applications.deadlines_extended',
        data: {
          count: recipients.length,
          deadline: input.deadline.toISOString(),
          job: access.job.title,
        },
      });
    }
    return {
      queued: recipients.length,
      skipped: candidates - recipients.length,
    };
  });
}

export type MessageInput = {
  msg_to?: string | undefined;
  email_subj: string;
  email_body: string;
};

/** The composer: a one-off message to one interviewee, merge tags and all. */
export async function emailApplicant(
  ctx: AppContext,
  access: JobAccess,
  id: number,
  input: MessageInput,
) {
  const row = await findVisibleApplication(ctx, access, id);
  if (input.msg_to && input.msg_to.toLowerCase() !== row.email.toLowerCase()) {
    throw new AppError(
      'bad_request',
      "Messages go to the interviewee's own email address.",
      {
        msg_to: ["Messages go to the interviewee's own email address."],
      },
    );
  }
  const email = await loadJobEmailContext(
    ctx.db,
    ctx.config,
    access.job.id,
    'invitation',
  );
  await ctx.db.transaction().execute(async (trx) => {
    await enqueueEmails(trx, [
      composeApplicantEmail(email, row, {
        kind: 'message',
        mergeType: 'custom',
        subject: input.email_subj,
        body: input.email_body,
        withInterviewLink: false,
      }),
    ]);
    await emit(trx, {
      companyId: access.job.company_id,
      jobId: access.job.id,
      applicationId: id,
      userId: access.userId,
      type: 'application.emailed',
      data: {
        name: `${row.first_name} ${row.last_name}`,
        subject: input.email_subj,
      },
    });
  });
  return { status: 'queued' as const };
}

/**
 * email_questions: the interview's questions e-mailed as a preview. Only to people of the
 * company or reviewers of the job, so the endpoint cannot send mail to strangers.
 */
export async function emailQuestions(
  ctx: AppContext,
  access: JobAccess,
  to: string,
) {
  if (!isValidEmail(to))
    throw new AppError('bad_request', 'Enter a valid email address', {
      msg_to: ['Enter a valid email address'],
    });
  const allowed = await findPreviewRecipient(ctx.db, {
    email: to.toLowerCase(),
    companyId: access.job.company_id,
    jobId: access.job.id,
  });
  if (!allowed) {
    throw new AppError(
      'bad_request',
      'Send the preview to someone in your company or a reviewer of this interview.',
      {
        msg_to: [
          'Send the preview to someone in your company or a reviewer of this interview.',
        ],
      },
    );
  }
  const [email, questions] = await Promise.all([
    loadJobEmailContext(ctx.db, ctx.config, access.job.id, 'invitation'),
    listPreviewQuestions(ctx.db, access.job.id),
  ]);
  const items = questions
    .map(
      (question) =>
        `<li>${escapeHtml(question.text)} <em>(${question.thinking_time} s to think, ${question.time_limit} s to answer)</em></li>`,
    )
    .join('');
  const body = sanitizeEmailBody(
    `<p>These are the questions of the interview <strong>${escapeHtml(access.job.title)}</strong>:</p>` +
      (items
        ? `<ol>${items}</ol>`
        : '<p>This interview has no questions yet.</p>'),
  );
  const { html, text } = renderEmailLayout({
    company: { name: email.company.name, logoUrl: null },
    bodyHtml: body,
    footer: `Sent by ${email.company.name} using Candor.`,
  });
  await ctx.db.transaction().execute(async (trx) => {
    await enqueueEmails(trx, [
      {
        companyId: access.job.company_id,
        jobId: access.job.id,
        kind: 'questions',
        to,
        fromName: email.company.name,
        replyTo: email.company.support_email,
        subject: `Interview questions: ${access.job.title}`.slice(0, 250),
        html,
        text,
      },
    ]);
  });
  return { status: 'queued' as const };
}
