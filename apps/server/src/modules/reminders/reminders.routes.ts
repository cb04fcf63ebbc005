import {
  companyReminderSettingsSchema,
  jobReminderSettingsSchema,
  reminderUnsubscribeSchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireJobAccess } from '../../platform/access/job-access';
import { requireCompanyUser, requireUser } from '../../platform/auth/guards';
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

const tags = ['reminders'];
const tokenParams = z.object({ token: z.string().max(100) });
// The key is a signature nobody can guess; the limit keeps anyone from trying at speed.
const publicLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** Candidate reminders: the company's and each interview's schedule, and the unsubscribe link. */
export function registerReminderRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/reminder-settings',
    { schema: { tags, response: { 200: companyReminderSettingsSchema } } },
    async (request) =>
      companyReminderSettings(ctx, requireCompanyUser(request).companyId),
  );

  app.put(
    '/api/reminder-settings',
    {
      schema: {
        tags,
        body: companyReminderSettingsSchema,
        response: { 200: companyReminderSettingsSchema },
      },
    },
    async (request) => {
      const user = requireCompanyUser(request);
      return updateCompanyReminderSettings(ctx, {
        companyId: user.companyId,
        userId: user.id,
        values: request.body,
      });
    },
  );

  app.get(
    '/api/jobs/:job/reminder-settings',
    {
      schema: {
        tags,
        params: jobParams,
        response: { 200: jobReminderSettingsSchema },
      },
    },
    async (request) =>
      jobReminderSettings(
        ctx,
        await requireJobAccess(
          ctx.db,
          requireUser(request),
          request.params.job,
          'manage',
        ),
      ),
  );

  app.put(
    '/api/jobs/:job/reminder-settings',
    {
      schema: {
        tags,
        params: jobParams,
        body: jobReminderSettingsSchema,
        response: { 200: jobReminderSettingsSchema },
      },
    },
    async (request) =>
      updateJobReminderSettings(
        ctx,
        await requireJobAccess(
          ctx.db,
          requireUser(request),
          request.params.job,
          'manage',
        ),
        request.body,
      ),
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
