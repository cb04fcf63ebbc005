import {
  applicantDeadline,
  EMAIL_TYPES,
  defaultEmailSchema,
  defaultEmailUpdateSchema,
  emailTypeSchema,
  previewMergeValues,
  renderMergeTags,
  type EmailType,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Company } from '../../db/schema';
import { companyOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { fieldError, notFound } from '../../platform/http/errors';
import { logoUrl } from '../companies/companies.service';
import { renderEmailLayout } from './email-layout';
import {
  findOrCreateDefaultEmail,
  findPreviewInterview,
  findSenderChoices,
  updateDefaultEmail,
} from './emails.repository';
import { sanitizeEmailBody } from './sanitize-body';
import { emailLanguage, layoutParts } from './email-words';

const shortnameParams = z.object({ shortname: z.string().max(100) });
const previewBodySchema = z.object({
  type: emailTypeSchema,
  subject: z.string().max(200).default(''),
  body_text: z.string().max(50_000),
  promote_practice: z.boolean().default(false),
  /** The interview whose e-mail step previews: its own values instead of the samples. */
  job: z.number().int().positive().optional(),
});
const previewReplySchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});

/** The default e-mail templates of a company: GET/PUT /api/companies/{shortname}/{type}-email. */
export function registerEmailRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  // The editor opens the company's templates: written in its user's language if nobody needed
  // them before (decision 160).
  async function reply(company: Company, type: EmailType, locale: string) {
    const [template, senders] = await Promise.all([
      findOrCreateDefaultEmail(db, company, type, emailLanguage(locale)),
      findSenderChoices(db, company),
    ]);
    return {
      type,
      subject: template.subject,
      body_text: template.body_text,
      from_name: template.from_name || company.name,
      reply_to_email: template.reply_to_email,
      promote_practice: template.promote_practice,
      sender_choices: senders,
      company_name: company.name,
      company_logo: logoUrl(company),
    };
  }

  for (const type of EMAIL_TYPES) {
    app.get(
      `/api/companies/:shortname/${type}-email`,
      {
        config: { access: { company: 'joined' } },
        schema: {
          tags: ['emails'],
          params: shortnameParams,
          response: { 200: defaultEmailSchema },
        },
      },
      async (request) => {
        const { company, user } = companyOf(request);
        return reply(company, type, user.locale);
      },
    );

    app.put(
      `/api/companies/:shortname/${type}-email`,
      {
        config: { access: { company: 'joined' } },
        schema: {
          tags: ['emails'],
          params: shortnameParams,
          body: defaultEmailUpdateSchema,
          response: { 200: defaultEmailSchema },
        },
      },
      async (request) => {
        const { company, user } = companyOf(request);
        const body = request.body;
        const senders = await findSenderChoices(db, company);
        if (!senders.includes(body.from_name))
          throw fieldError('from_name', 'Choose a sender from the list.');
        const { locale } = user;
        await findOrCreateDefaultEmail(
          db,
          company,
          type,
          emailLanguage(locale),
        );
        await updateDefaultEmail(db, company.id, type, {
          ...(body.subject !== undefined ? { subject: body.subject } : {}),
          body_text: sanitizeEmailBody(body.body_text),
          from_name: body.from_name,
          reply_to_email: body.reply_to_email,
          promote_practice: body.promote_practice,
        });
        return reply(company, type, locale);
      },
    );
  }

  // The editor's preview: the branded e-mail exactly as sent, with the spec's sample values,
  // or on an interview's e-mail steps with that interview's own.
  app.post(
    '/api/companies/:shortname/email-preview',
    {
      config: { access: { company: 'joined' } },
      schema: {
        tags: ['emails'],
        params: shortnameParams,
        body: previewBodySchema,
        response: { 200: previewReplySchema },
      },
    },
    async (request) => {
      const { company, user } = companyOf(request);
      const { type, subject, body_text, promote_practice, job } = request.body;
      const now = new Date();
      const interview =
        job === undefined
          ? undefined
          : await findPreviewInterview(db, company.id, job);
      if (job !== undefined && !interview) throw notFound('This interview');
      // An interview's e-mails are in its language; the company's templates in the editor's.
      const language = emailLanguage(interview?.language ?? user.locale);
      const values = previewMergeValues({
        organisationName: company.name,
        now,
        locale: language,
        interview: interview && {
          ...interview,
          deadline: applicantDeadline(interview, now),
        },
      });
      const merge = (text: string, html: boolean) =>
        renderMergeTags(text, values, { type, html });
      const logo = logoUrl(company);
      const sampleLink = `${ctx.config.publicUrl}/i/SAMPLE`;
      const rendered = renderEmailLayout({
        company: {
          name: company.name,
          logoUrl: logo ? `${ctx.config.publicUrl}${logo}` : null,
          brandColor: company.brand_color,
        },
        bodyHtml: merge(sanitizeEmailBody(body_text), true),
        ...layoutParts({
          language,
          companyName: company.name,
          interviewUrl:
            type === 'invitation' || type === 'reminder' ? sampleLink : null,
          promotePractice: type === 'invitation' && promote_practice,
          unsubscribeUrl:
            type === 'reminder'
              ? `${ctx.config.publicUrl}/reminders/unsubscribe/SAMPLE`
              : undefined,
        }),
      });
      return { subject: merge(subject, false), ...rendered };
    },
  );
}
