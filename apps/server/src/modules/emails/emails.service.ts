import {
  formatDeadline,
  formatDuration,
  renderMergeTags,
  type EmailType,
  type MergeValues,
} from '@candor/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { findJobTiming } from '../../db/job-timing';
import type { Company, Job } from '../../db/schema';
import type { OutgoingEmail } from '../../platform/mail/outbox.repository';
import { logoUrl } from '../companies/companies.service';
import { renderEmailLayout } from './email-layout';
import { emailLanguage, layoutParts, type EmailLanguage } from './email-words';
import {
  findJobEmailFacts,
  findOrCreateDefaultEmail,
} from './emails.repository';
import { sanitizeEmailBody } from './sanitize-body';

/** Everything an e-mail about one job needs, loaded once for one or thousands of recipients. */
export type JobEmailContext = {
  publicUrl: string;
  company: Pick<
    Company,
    | 'id'
    | 'name'
    | 'shortname'
    | 'logo_key'
    | 'logo_updated_at'
    | 'brand_color'
    | 'support_email'
  >;
  job: Pick<Job, 'id' | 'title'> & {
    questionCount: number;
    durationSeconds: number;
    /** The interview's language: the merge-tag values and the layout's words are in it. */
    language: EmailLanguage;
  };
  template: {
    type: EmailType;
    subject: string;
    body_text: string;
    from_name: string;
    reply_to_email: string;
    promote_practice: boolean;
  };
};

export type EmailRecipient = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  deadline: Date | null;
  shortcode: string;
  token: string;
};

export async function loadJobEmailContext(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  jobId: number,
  type: EmailType,
): Promise<JobEmailContext> {
  const job = await findJobEmailFacts(db, jobId);
  const timing = await findJobTiming(db, jobId);
  const company = {
    id: job.company_id,
    name: job.name,
    shortname: job.shortname,
    logo_key: job.logo_key,
    logo_updated_at: job.logo_updated_at,
    brand_color: job.brand_color,
    support_email: job.support_email,
  };
  const language = emailLanguage(job.language);
  const template = await findOrCreateDefaultEmail(db, company, type, language);
  return {
    publicUrl: config.publicUrl,
    company,
    job: {
      id: job.id,
      title: job.title,
      questionCount: Number(timing.count),
      durationSeconds: Number(timing.seconds),
      language,
    },
    template,
  };
}

export function interviewUrl(publicUrl: string, shortcode: string): string {
  return `${publicUrl}/i/${shortcode}`;
}

/** The interviewee's feedback page (spec section 7, "Feedback": /{job}/{application token}). */
export function feedbackUrl(
  publicUrl: string,
  jobId: number,
  token: string,
): string {
  return `${publicUrl}/feedback/${jobId}/${token}`;
}

export function mergeValuesFor(
  context: JobEmailContext,
  recipient: EmailRecipient,
): MergeValues {
  return {
    firstName: recipient.first_name,
    lastName: recipient.last_name,
    interviewTitle: context.job.title,
    deadline: formatDeadline(recipient.deadline, context.job.language),
    questionCount: context.job.questionCount,
    duration: formatDuration(context.job.durationSeconds, context.job.language),
    organisationName: context.company.name,
    feedbackLink: feedbackUrl(
      context.publicUrl,
      context.job.id,
      recipient.token,
    ),
  };
}

export type ComposeOptions = {
  /** The outbox kind: invitation, extension, rejection, completion, message. */
  kind: string;
  /** 'custom' for the composer's one-off messages (no [FEEDBACK LINK]). */
  mergeType: EmailType | 'custom';
  subject?: string | undefined;
  fromName?: string | undefined;
  /** The composer's own message instead of the template's. */
  body?: string | undefined;
  withInterviewLink: boolean;
  /** The link that stops this kind of e-mail (reminders). */
  unsubscribeUrl?: string | undefined;
};

/** One rendered e-mail to one interviewee, ready for the outbox. */
export function composeApplicantEmail(
  context: JobEmailContext,
  recipient: EmailRecipient,
  options: ComposeOptions,
): OutgoingEmail {
  const values = mergeValuesFor(context, recipient);
  const merge = (text: string, html: boolean) =>
    renderMergeTags(text, values, { type: options.mergeType, html });
  const subject = merge(
    options.subject || context.template.subject || context.job.title,
    false,
  );
  const bodyHtml = merge(
    sanitizeEmailBody(options.body ?? context.template.body_text),
    true,
  );
  const link = interviewUrl(context.publicUrl, recipient.shortcode);
  const { html, text } = renderEmailLayout({
    company: {
      name: context.company.name,
      logoUrl: absoluteLogoUrl(context),
      brandColor: context.company.brand_color,
    },
    bodyHtml,
    ...layoutParts({
      language: context.job.language,
      companyName: context.company.name,
      interviewUrl: options.withInterviewLink ? link : null,
      promotePractice: context.template.promote_practice,
      unsubscribeUrl: options.unsubscribeUrl,
    }),
  });
  return {
    companyId: context.company.id,
    jobId: context.job.id,
    applicationId: recipient.id,
    kind: options.kind,
    to: recipient.email,
    fromName: (
      options.fromName ||
      context.template.from_name ||
      context.company.name
    ).slice(0, 120),
    replyTo: context.template.reply_to_email || context.company.support_email,
    subject: subject.replace(/[\r\n]+/g, ' ').slice(0, 250),
    html,
    text,
  };
}

function absoluteLogoUrl(context: JobEmailContext): string | null {
  const path = logoUrl(context.company);
  return path ? `${context.publicUrl}${path}` : null;
}
