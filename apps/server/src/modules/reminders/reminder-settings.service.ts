import {
  changedFields,
  DEFAULT_REMINDER_SCHEDULE,
  DEFAULT_REMINDER_TIME_ZONE,
  type CompanyReminderSettings,
  type JobReminderSettings,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { JobAccess } from '../../platform/access/job-access';
import { notFound } from '../../platform/http/errors';
import { emit } from '../../platform/events/emit';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { recordAudit } from '../audit-log/audit-log.service';
import {
  findCompanyReminderSettings,
  findJobReminderSettings,
  findUnsubscribeFacts,
  insertOptOut,
  saveCompanyReminderSettings,
  saveJobReminderSettings,
} from './reminders.repository';
import { applicationOfToken } from './unsubscribe-token';

export async function companyReminderSettings(
  ctx: AppContext,
  companyId: number,
): Promise<CompanyReminderSettings> {
  const row = await findCompanyReminderSettings(ctx.db, companyId);
  return (
    row ?? {
      enabled: DEFAULT_REMINDER_SCHEDULE.enabled,
      hours_before: DEFAULT_REMINDER_SCHEDULE.hoursBefore,
      morning_time: DEFAULT_REMINDER_SCHEDULE.morningTime,
      time_zone: DEFAULT_REMINDER_TIME_ZONE,
    }
  );
}

export async function updateCompanyReminderSettings(
  ctx: AppContext,
  options: {
    companyId: number;
    userId: number;
    values: CompanyReminderSettings;
    origin: RequestOrigin;
  },
): Promise<CompanyReminderSettings> {
  const before = await companyReminderSettings(ctx, options.companyId);
  await ctx.db.transaction().execute(async (trx) => {
    await saveCompanyReminderSettings(trx, options.companyId, options.values);
    await emit(trx, {
      companyId: options.companyId,
      userId: options.userId,
      type: 'settings.updated',
      data: {},
    });
    const changes = changedFields(before, options.values);
    if (Object.keys(changes).length > 0)
      await recordAudit(trx, {
        companyId: options.companyId,
        origin: options.origin,
        action: 'settings.updated',
        target: {
          type: 'company',
          id: options.companyId,
          label: 'Reminder settings',
        },
        details: { reminders: changes },
      });
  });
  return companyReminderSettings(ctx, options.companyId);
}

/** An interview made before reminders existed has no row: it sends none until turned on. */
export async function jobReminderSettings(
  ctx: AppContext,
  access: JobAccess,
): Promise<JobReminderSettings> {
  const row = await findJobReminderSettings(ctx.db, access.job.id);
  return row ?? { enabled: false, hours_before: null, morning_time: null };
}

export async function updateJobReminderSettings(
  ctx: AppContext,
  access: JobAccess,
  values: JobReminderSettings,
): Promise<JobReminderSettings> {
  await ctx.db.transaction().execute(async (trx) => {
    await saveJobReminderSettings(trx, access.job, values);
    await emit(trx, {
      companyId: access.job.company_id,
      jobId: access.job.id,
      userId: access.userId,
      type: 'job.updated',
      data: { job_title: access.job.title },
    });
  });
  return jobReminderSettings(ctx, access);
}

async function factsOfToken(ctx: AppContext, token: string) {
  const applicationId = applicationOfToken(ctx.config.signingSecret, token);
  const facts =
    applicationId === null
      ? undefined
      : await findUnsubscribeFacts(ctx.db, applicationId);
  // A forged key and an erased interviewee read the same.
  if (!facts) throw notFound('This link');
  return facts;
}

/** The unsubscribe page: whose reminders the link stops, and whether it already did. */
export async function unsubscribeStatus(ctx: AppContext, token: string) {
  const facts = await factsOfToken(ctx, token);
  return {
    company_name: facts.company_name,
    interview_title: facts.interview_title,
    unsubscribed: facts.opted_out_at !== null,
  };
}

/** Stops the reminders of one interviewee; following the link twice changes nothing more. */
export async function unsubscribe(ctx: AppContext, token: string) {
  const facts = await factsOfToken(ctx, token);
  await ctx.db.transaction().execute(async (trx) => {
    const isNew = await insertOptOut(trx, {
      application_id: facts.id,
      company_id: facts.company_id,
    });
    if (isNew)
      await emit(trx, {
        companyId: facts.company_id,
        jobId: facts.job_id,
        applicationId: facts.id,
        type: 'application.reminders_stopped',
        data: { name: `${facts.first_name} ${facts.last_name}` },
      });
  });
  return {
    company_name: facts.company_name,
    interview_title: facts.interview_title,
    unsubscribed: true,
  };
}
