import {
  companyReminderSettingsSchema,
  jobReminderSettingsSchema,
  reminderUnsubscribeSchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { companyUserOf, jobAccessOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { jobParams } from '../../platform/http/path-params';
import {
  companyReminderSettings,
  jobReminderSettings,
  unsubscribe,
  unsubscribeStatus,
  updateCompanyReminderSettings,
  updateJobReminderSettings,
} from './reminder-settings.service';
import { originOf } from '../../platform/http/request-origin';

const tags = ['reminders'];
const tokenParams = z.object({ token: z.string().max(100) });
// The key is a signature nobody can guess; the limit keeps anyone from trying at speed.
const publicLimit = {
  access: 'public',
  rateLimit: { max: 60, timeWindow: '1 minute' },
} as const;

/** Candidate reminders: the company's and each interview's schedule, and the unsubscribe link. */
export function registerReminderRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/reminder-settings',
    {
      config: { access: 'company-user' },
      schema: { tags, response: { 200: companyReminderSettingsSchema } },
    },
    async (request) =>
      companyReminderSettings(ctx, companyUserOf(request).companyId),
  );

  app.put(
    '/api/reminder-settings',
    {
      config: { access: 'company-user' },
      schema: {
        tags,
        body: companyReminderSettingsSchema,
        response: { 200: companyReminderSettingsSchema },
      },
    },
    async (request) => {
      const user = companyUserOf(request);
      return updateCompanyReminderSettings(ctx, {
        companyId: user.companyId,
        userId: user.id,
        values: request.body,
        origin: originOf(request),
      });
    },
  );

  app.get(
    '/api/jobs/:job/reminder-settings',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags,
        params: jobParams,
        response: { 200: jobReminderSettingsSchema },
      },
    },
    async (request) => jobReminderSettings(ctx, jobAccessOf(request)),
  );

  app.put(
    '/api/jobs/:job/reminder-settings',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags,
        params: jobParams,
        body: jobReminderSettingsSchema,
        response: { 200: jobReminderSettingsSchema },
      },
    },
    async (request) =>
      updateJobReminderSettings(ctx, jobAccessOf(request), request.body),
  );

  app.get(
    '/api/reminders/unsubscribe/:token',
    {
      config: publicLimit,
      schema: {
        tags,
        params: tokenParams,
        response: { 200: reminderUnsubscribeSchema },
      },
    },
    async (request) => unsubscribeStatus(ctx, request.params.token),
  );

  app.post(
    '/api/reminders/unsubscribe/:token',
    {
      config: publicLimit,
      schema: {
        tags,
        params: tokenParams,
        response: { 200: reminderUnsubscribeSchema },
      },
    },
    async (request) => unsubscribe(ctx, request.params.token),
  );
}
