import {
  escapeHtml,
  interviewSeconds,
  isPastDeadline,
  STATUS_NOT_INVITED,
  type PublicApplyBody,
  type PublicApplyReply,
  type PublicJob,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import { notFound, AppError } from '../../platform/http/errors';
import { newShortcode, newToken } from '../../platform/ids';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import { emit } from '../../platform/events/emit';
import { brandingOf } from '../companies/companies.service';
import {
  findApplicationByJobEmail,
  findPublicJobByShortcode,
  insertApplication,
  listJobQuestions,
} from './interviewee.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

type PublicJobRow = NonNullable<
  Awaited<ReturnType<typeof findPublicJobByShortcode>>
>;

function publicStatus(job: PublicJobRow, now: Date): PublicJob['status'] {
  if (job.status === 'Archived') return 'closed';
  return isPastDeadline(job.deadline, now) ? 'expired' : 'open';
}

/** A draft (or unknown) interview is not public: both look the same. */
async function requirePublicJob(
  ctx: AppContext,
  shortcode: string,
): Promise<PublicJobRow> {
  const job = await findPublicJobByShortcode(ctx.db, shortcode);
  if (!job || job.status === 'Draft') throw notFound('This interview');
  return job;
}

export async function getPublicJob(
  ctx: AppContext,
  shortcode: string,
): Promise<PublicJob> {
  const job = await requirePublicJob(ctx, shortcode);
  const questions = await listJobQuestions(ctx.db, job.id);
  return {
    company: brandingOf({
      name: job.company_name,
      shortname: job.company_shortname,
      logo_key: job.company_logo_key,
      logo_updated_at: job.company_logo_updated_at,
      brand_color: job.company_brand_color,
    }),
    title: job.title,
    introduction: job.description,
    deadline: job.deadline ? new Date(job.deadline).toISOString() : null,
    question_count: questions.length,
    expected_duration_seconds: interviewSeconds(questions),
    language: job.language === 'fr-fr' ? 'fr-fr' : 'en-gb',
    status: publicStatus(job, new Date()),
  };
}

/**
 * Someone applies through the public link. The reply is the same whether the address is new
 * or already applied: the personal link is always e-mailed to the address, never returned, so
 * nobody learns who has applied, nor takes an interview in someone else's name (decision 120).
 */
export async function applyToPublicJob(
  ctx: AppContext,
  shortcode: string,
  body: PublicApplyBody,
): Promise<PublicApplyReply> {
  const job = await requirePublicJob(ctx, shortcode);
  const status = publicStatus(job, new Date());
  if (status === 'closed')
    throw new AppError('forbidden', 'This interview is closed.');
  if (status === 'expired')
    throw new AppError(
      'forbidden',
      'The deadline for this interview has passed.',
    );

  const linkSent: PublicApplyReply = {
    status: 'link_sent',
    message: `If ${body.email} can take this interview, we have sent the interview link to that address.`,
  };
  const existing = await findApplicationByJobEmail(ctx.db, job.id, body.email);
  if (existing) {
    await sendInterviewLink(ctx.db, { ctx, job, application: existing });
    return linkSent;
  }
  const now = new Date();
  const deadline = job.applicant_deadline_days
    ? new Date(now.getTime() + job.applicant_deadline_days * DAY_MS)
    : job.deadline;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const created = await insertApplication(trx, {
        job_id: job.id,
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        status: STATUS_NOT_INVITED,
        token: newToken(),
        shortcode: newShortcode(),
        deadline,
        // The person holds their link from now on, as if invited.
        invited_at: now,
        consented_at: now,
        source: 'public',
      });
      await emit(trx, {
        companyId: job.company_id,
        jobId: job.id,
        applicationId: created.id,
        type: 'application.applied',
        data: {
          name: `${body.first_name} ${body.last_name}`,
          title: job.title,
        },
      });
      await sendInterviewLink(trx, { ctx, job, application: created });
    });
    return linkSent;
  } catch (error) {
    // Two submissions at once: the other one created it; treat this one as a repeat.
    const again = await findApplicationByJobEmail(ctx.db, job.id, body.email);
    if (!again) throw error;
    await sendInterviewLink(ctx.db, { ctx, job, application: again });
    return linkSent;
  }
}

/** Queued with `db`: the transaction that creates the application, for a new one. */
async function sendInterviewLink(
  db: Db,
  options: {
    ctx: AppContext;
    job: PublicJobRow;
    application: {
      id: number;
      email: string;
      first_name: string;
      shortcode: string;
    };
  },
): Promise<void> {
  const { ctx, job, application } = options;
  const link = `${ctx.config.publicUrl}/i/${application.shortcode}`;
  const french = job.language === 'fr-fr';
  const subject = french
    ? `Votre lien d'entretien : ${job.title}`
    : `Your interview link: ${job.title}`;
  const greeting = french
    ? `Bonjour ${application.first_name},`
    : `Hello ${application.first_name},`;
  const line = french
    ? `Voici votre lien personnel pour l'entretien « ${job.title} » de ${job.company_name} :`
    : `Here is your personal link to the interview "${job.title}" with ${job.company_name}:`;
  await enqueueEmails(db, [
    {
      companyId: job.company_id,
      jobId: job.id,
      applicationId: application.id,
      kind: 'interview_link',
      to: application.email,
      fromName: job.company_name,
      replyTo: '',
      subject,
      text: `${greeting}\n\n${line}\n${link}\n`,
      html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(line)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    },
  ]);
}
