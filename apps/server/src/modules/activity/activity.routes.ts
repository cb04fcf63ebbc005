import {
  activityQuerySchema,
  activitySchema,
  jobActivityQuerySchema,
  pagedSchema,
  type Activity,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import { companyUserOf, jobAccessOf } from '../../platform/access/access-rule';
import {
  canSeeAllReviews,
  hidesOthersUntilRated,
} from '../../platform/access/job-access';
import type { App } from '../../platform/http/app-types';
import { notFound } from '../../platform/http/errors';
import { pageWithTotal, pagedReply } from '../../platform/http/paging';
import {
  countActivities,
  listActivities,
  type ActivityScope,
} from './activity.repository';
import { activityParams, renderActivity } from './activity.render';
import { jobParams } from '../../platform/http/path-params';

type ActivityRow = Awaited<ReturnType<typeof listActivities>>[number];

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name || null;
}

export function toActivity(row: ActivityRow): Activity {
  const data = (
    typeof row.data === 'string' ? JSON.parse(row.data) : row.data
  ) as Record<string, unknown> | null;
  const facts = {
    verb: row.verb,
    data: data ?? {},
    actorName: fullName(row.actor_first_name, row.actor_last_name),
    applicantName: fullName(row.applicant_first_name, row.applicant_last_name),
    jobTitle: row.job_title,
  };
  const rendered = renderActivity(facts);
  return {
    id: Number(row.id),
    job:
      row.job_id !== null && row.job_title !== null
        ? { id: row.job_id, title: row.job_title }
        : null,
    application: row.application_id,
    verb: row.verb,
    html2: rendered.html,
    history: rendered.text,
    params: activityParams(facts),
    when: row.created_at.toISOString(),
  };
}

/** The company's activity feed (dashboard) and one interview's (job page, interviewee page). */
export function registerActivityRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  async function pagedActivities(
    request: Parameters<typeof pagedReply>[0],
    scope: ActivityScope,
    page: number,
    pageSize: number,
  ) {
    const offset = (page - 1) * pageSize;
    const { rows, count } = await pageWithTotal({
      offset,
      limit: pageSize,
      rows: () => listActivities(db, scope, { limit: pageSize, offset }),
      count: () => countActivities(db, scope),
    });
    return pagedReply(request, {
      count,
      page,
      page_size: pageSize,
      results: rows.map(toActivity),
    });
  }

  app.get(
    '/api/activities',
    {
      config: { access: 'company-user' },
      schema: {
        tags: ['activity'],
        querystring: activityQuerySchema,
        response: { 200: pagedSchema(activitySchema) },
      },
    },
    async (request) => {
      const { companyId } = companyUserOf(request);
      const { page, page_size } = request.query;
      return pagedActivities(
        request,
        { kind: 'company', companyId },
        page,
        page_size,
      );
    },
  );

  app.get(
    '/api/jobs/:job/activities',
    {
      config: { access: { job: 'review' } },
      schema: {
        tags: ['activity'],
        params: jobParams,
        querystring: jobActivityQuerySchema,
        response: { 200: pagedSchema(activitySchema) },
      },
    },
    async (request) => {
      const access = jobAccessOf(request);
      const { page, page_size, application } = request.query;
      const visible =
        access.kind === 'reviewer' ? access.assignedApplicationIds : null;
      if (
        application !== undefined &&
        visible &&
        !visible.includes(application)
      )
        throw notFound('This interviewee');
      return pagedActivities(
        request,
        {
          kind: 'job',
          jobId: access.job.id,
          applicationId: application,
          visibleApplicationIds: visible,
          ownJudgementsOnlyOf: canSeeAllReviews(access) ? null : access.userId,
          othersJudgementsOnceRatedBy:
            canSeeAllReviews(access) && hidesOthersUntilRated(access, false)
              ? access.userId
              : null,
        },
        page,
        page_size,
      );
    },
  );
}
