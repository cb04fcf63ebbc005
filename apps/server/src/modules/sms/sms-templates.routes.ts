import {
  checkSmsTemplate,
  defaultSmsTemplate,
  SMS_KINDS,
  smsTemplatePreview,
  smsTemplateSchema,
  smsTemplateUpdateSchema,
  type SmsKind,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Company } from '../../db/schema';
import { companyOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { fieldError } from '../../platform/http/errors';
import {
  deleteSmsTemplate,
  findSmsTemplate,
  saveSmsTemplate,
} from './sms-templates.repository';
import { stopUrl } from './stop-token';

const tags = ['sms'];
const shortnameParams = z.object({ shortname: z.string().max(100) });
const schema = {
  tags,
  params: shortnameParams,
  response: { 200: smsTemplateSchema },
};
// Links as long as real ones (a 10-character shortcode, a 7-digit interviewee), so the
// editor's count is the count a text will have.
const SAMPLE_SHORTCODE = 'SAMPLE1234';
const SAMPLE_APPLICATION_ID = 1_234_567;

/**
 * The company's text templates beside its e-mail templates (decision 194):
 * GET/PUT/DELETE /api/companies/{shortname}/{kind}-sms. Its members may read them; only its
 * admins change what is texted in the company's name.
 */
export function registerSmsTemplateRoutes(app: App, ctx: AppContext): void {
  const { db, config } = ctx;
  const interviewLink = `${config.publicUrl}/i/${SAMPLE_SHORTCODE}`;
  // An HTTP provider takes STOP replies itself; SMPP texts carry Candor's stop link.
  const stopLink = config.smsHttp
    ? 'reply'
    : stopUrl(config, SAMPLE_APPLICATION_ID);

  async function reply(company: Company, kind: SmsKind, locale: string) {
    const saved = await findSmsTemplate(db, company.id, kind);
    const defaultText = defaultSmsTemplate(kind, locale);
    return {
      kind,
      body_text: saved ?? defaultText,
      is_default: saved === null,
      default_text: defaultText,
      organisation_name: company.name,
      interview_link: interviewLink,
      stop_link: stopLink,
    };
  }

  for (const kind of SMS_KINDS) {
    const path = `/api/companies/:shortname/${kind}-sms`;
    app.get(
      path,
      {
        config: { access: { company: 'member' } },
        schema,
      },
      async (request) => {
        const { company, user } = companyOf(request);
        return reply(company, kind, user.locale);
      },
    );

    app.put(
      path,
      {
        config: { access: { company: 'admin' } },
        schema: { ...schema, body: smsTemplateUpdateSchema },
      },
      async (request) => {
        const { company, user } = companyOf(request);
        const bodyText = request.body.body_text.trim();
        const { problem } = checkSmsTemplate(
          bodyText,
          smsTemplatePreview({
            kind,
            template: bodyText,
            language: user.locale,
            organisationName: company.name,
            now: new Date(),
            interviewLink,
            stopLink,
          }),
        );
        if (problem) throw fieldError('body_text', `${problem}.`);
        await saveSmsTemplate(db, { companyId: company.id, kind, bodyText });
        return reply(company, kind, user.locale);
      },
    );

    // Back to the default, which follows each interview's language again.
    app.delete(
      path,
      {
        config: { access: { company: 'admin' } },
        schema,
      },
      async (request) => {
        const { company, user } = companyOf(request);
        await deleteSmsTemplate(db, company.id, kind);
        return reply(company, kind, user.locale);
      },
    );
  }
}
