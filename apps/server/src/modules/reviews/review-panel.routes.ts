import { applicationPanelSchema, jobPanelSchema } from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import { jobAccessOf } from '../../platform/access/access-rule';
import {
  canSeeAllReviews,
  type JobAccess,
} from '../../platform/access/job-access';
import type { App } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { requireReviewableApplication, visibleAuthor } from './review-access';
import {
  listApplicationPanel,
  listJobPanel,
} from './review-completions.repository';
import { jobParams, jobItemParams } from '../../platform/http/path-params';

const tags = ['reviews'];

/**
 * The panel's progress is for company users and reviewers who may see every review
 * (decision 133); job-wide, not for a reviewer of chosen interviewees either, whose colleagues'
 * figures would count interviewees they may not see.
 */
function assertSeesJobPanel(access: JobAccess): void {
  const chosen =
    access.kind === 'reviewer' && access.assignedApplicationIds !== null;
  if (!canSeeAllReviews(access) || chosen) throw panelRefused();
}

/**
 * Who completed their review of one interviewee is a judgement of them: on a job that hides
 * scores until you rate, a reviewer sees it once they rated (decision 132).
 */
async function assertSeesApplicationPanel(
  db: Db,
  access: JobAccess,
  applicationId: number,
): Promise<void> {
  if ((await visibleAuthor(db, access, applicationId)) !== null)
    throw panelRefused();
}

const panelRefused = () =>
  new AppError(
    'forbidden',
    "Only company users and reviewers who see every review see the panel's progress.",
  );

const person = (
  row: {
    user_id: number;
    first_name: string;
    last_name: string;
    is_company_user: boolean;
  },
  access: JobAccess,
) => ({
  name: `${row.first_name} ${row.last_name}`.trim(),
  you: row.user_id === access.userId,
  kind: row.is_company_user ? ('company' as const) : ('reviewer' as const),
});

/** Who is reviewing an interview, and how far each of them is with their own reviews. */
export function registerReviewPanelRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.get(
    '/api/jobs/:job/panel',
    {
      config: { access: { job: 'review' } },
      schema: { tags, params: jobParams, response: { 200: jobPanelSchema } },
    },
    async (request) => {
      const access = jobAccessOf(request);
      assertSeesJobPanel(access);
      const rows = await listJobPanel(db, {
        id: access.job.id,
        companyId: access.job.company_id,
      });
      return {
        members: rows.map((row) => ({
          ...person(row, access),
          completed: row.completed,
          to_review: row.to_review,
        })),
      };
    },
  );

  app.get(
    '/api/jobs/:job/applications/:id/panel',
    {
      config: { access: { job: 'review' } },
      schema: {
        tags,
        params: jobItemParams,
        response: { 200: applicationPanelSchema },
      },
    },
    async (request) => {
      const { access, application } = await requireReviewableApplication(
        db,
        jobAccessOf(request),
        request.params.id,
      );
      await assertSeesApplicationPanel(db, access, application.id);
      const rows = await listApplicationPanel(db, {
        id: application.id,
        jobId: access.job.id,
        companyId: access.job.company_id,
      });
      return {
        members: rows.map((row) => ({
          ...person(row, access),
          completed_at:
            row.completed_at === null ? null : row.completed_at.toISOString(),
        })),
      };
    },
  );
}
