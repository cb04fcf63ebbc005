import {
  pathId,
  LOGO_LIMIT_BYTES,
  companyChangeReplySchema,
  companyListItemSchema,
  companySettingsSchema,
  companySettingsUpdateSchema,
  pageQuerySchema,
  pagedSchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { companyUserOf, userOf } from '../../platform/access/access-rule';
import { readSmallForm } from '../../platform/files/multipart';
import { sniffImageType } from '../../platform/files/sniff';
import type { App } from '../../platform/http/app-types';
import { AppError, notFound } from '../../platform/http/errors';
import { pagedReply } from '../../platform/http/paging';
import {
  countUserCompanies,
  findCompanyById,
  findCompanyByShortname,
  isMember,
  listUserCompanies,
  setCurrentCompany,
} from './companies.repository';
import {
  assertMaySetSms,
  saveCompanySettings,
  smsSettingsOf,
  toCompanySettings,
} from './companies.service';
import { originOf } from '../../platform/http/request-origin';

export function registerCompanyRoutes(app: App, ctx: AppContext): void {
  const { db, storage } = ctx;

  app.get(
    '/api/companies',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['companies'],
        querystring: pageQuerySchema,
        response: { 200: pagedSchema(companyListItemSchema) },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { page, page_size } = request.query;
      const [rows, count] = await Promise.all([
        listUserCompanies(db, {
          userId: user.id,
          limit: page_size,
          offset: (page - 1) * page_size,
        }),
        countUserCompanies(db, user.id),
      ]);
      const results = rows.map((row) => ({
        id: row.id,
        shortname: row.shortname,
        account_name: row.name,
      }));
      return pagedReply(request, { count, page, page_size, results });
    },
  );

  app.post(
    '/company/change/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['companies'],
        params: z.object({ id: pathId }),
        response: { 200: companyChangeReplySchema },
      },
    },
    async (request) => {
      const user = userOf(request);
      const company = await findCompanyById(db, request.params.id);
      // Switching is to a company the caller belongs to, named by id (not by shortname like
      // the `company` access rule): another company's id looks exactly like one that does not
      // exist.
      if (!company || !(await isMember(db, user.id, company.id)))
        throw notFound('This company');
      await setCurrentCompany(db, user.id, company.id);
      return { status: 'OK', shortname: company.shortname } as const;
    },
  );

  app.get(
    '/api/settings',
    {
      config: { access: 'company-user' },
      schema: { tags: ['companies'], response: { 200: companySettingsSchema } },
    },
    async (request) => {
      const { companyId } = companyUserOf(request);
      const company = await findCompanyById(db, companyId);
      if (!company) throw notFound('This company');
      return {
        ...toCompanySettings(company),
        ...(await smsSettingsOf(db, company.id)),
      };
    },
  );

  app.post(
    '/api/settings',
    {
      config: { access: 'company-user' },
      schema: { tags: ['companies'], response: { 200: companySettingsSchema } },
    },
    async (request) => {
      const user = companyUserOf(request);
      const company = await findCompanyById(db, user.companyId);
      if (!company) throw notFound('This company');
      const settings = {
        ...toCompanySettings(company),
        ...(await smsSettingsOf(db, company.id)),
      };
      let input: unknown = request.body;
      let logo: Buffer | undefined;
      if (request.isMultipart()) {
        const form = await readSmallForm(request, {
          maxFileBytes: LOGO_LIMIT_BYTES,
          tooLargeMessage: 'The logo must be 2 MB or smaller.',
        });
        input = { ...settings, ...form.fields };
        logo = form.files[0]?.data;
      }
      const parsed = companySettingsUpdateSchema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue?.path[0] ?? 'body');
        throw new AppError(
          'bad_request',
          issue?.message ?? 'The settings are not valid.',
          {
            [field]: [issue?.message ?? ''],
          },
        );
      }
      const {
        sms_sender_name,
        sms_default_country,
        sms_daily_cap,
        ...companyValues
      } = parsed.data;
      const sms = {
        sms_enabled: companyValues.sms_enabled,
        sms_sender_name,
        sms_default_country,
        sms_daily_cap,
      };
      await assertMaySetSms(db, { user, company, current: settings, sms });
      const values: Parameters<typeof saveCompanySettings>[1]['values'] = {
        ...companyValues,
      };
      if (logo) {
        const type = sniffImageType(logo);
        if (!type)
          throw new AppError(
            'bad_request',
            'The logo must be a PNG, JPEG, GIF or WebP image.',
            {
              logo: ['The logo must be a PNG, JPEG, GIF or WebP image.'],
            },
          );
        const key = `companies/${company.id}/logo-${Date.now()}.${type}`;
        await storage.put(key, logo, `image/${type}`);
        if (company.logo_key) await storage.delete(company.logo_key);
        values.logo_key = key;
        values.logo_updated_at = new Date();
      }
      await saveCompanySettings(db, {
        company,
        userId: user.id,
        values,
        origin: originOf(request),
        sms: {
          sender_name: sms_sender_name,
          default_country: sms_default_country,
          daily_cap: sms_daily_cap,
        },
      });
      const updated = await findCompanyById(db, company.id);
      if (!updated) throw notFound('This company');
      return {
        ...toCompanySettings(updated),
        ...(await smsSettingsOf(db, updated.id)),
      };
    },
  );

  // Logos are public: they brand the interviewee's pages and e-mails.
  app.get(
    '/media/logo/:shortname',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({ shortname: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const company = await findCompanyByShortname(
        db,
        request.params.shortname,
      );
      if (!company?.logo_key) throw notFound('This logo');
      const object = await storage.read(company.logo_key);
      reply.header('Content-Type', object.contentType);
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      return reply.send(object.stream);
    },
  );
}
