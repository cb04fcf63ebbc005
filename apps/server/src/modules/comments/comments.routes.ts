import {
  applicationEmailSchema,
  commentBodySchema,
  commentSchema,
  reviewCommentBodySchema,
  reviewCommentSchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import {
  canDecide,
  canSeeAllReviews,
  requireJobAccess,
} from '../../platform/access/job-access';
import { requireUser } from '../../platform/auth/guards';
import type { App } from '../../platform/http/app-types';
import { fieldError, forbidden, notFound } from '../../platform/http/errors';
import { recordActivity } from '../activity/activity.repository';
import {
  assertActingAsSelf,
  assertOwnRecord,
  requireReviewableApplication,
} from '../reviews/review-access';
import { registerApplicationRecordsRoute } from '../reviews/application-list-route';
import {
  findComment,
  findOwnReviewComment,
  findReviewComment,
  findReviewCommentWithAuthor,
  hasAnsweredQuestion,
  insertComment,
  insertReviewComment,
  listApplicationEmails,
  listComments,
  listReviewComments,
  updateReviewComment,
  type CommentRow,
  type ReviewCommentRow,
} from './comments.repository';
import { isoTimestamp } from '../../db/timestamps';

const jobParams = z.object({ job: z.coerce.number().int() });
const itemParams = jobParams.extend({ id: z.coerce.number().int() });
const tags = ['comments'];

const toComment = (row: CommentRow) => ({
  id: row.id,
  application: row.application_id,
  comment: row.comment,
  is_feedback: row.is_feedback,
  user:
    row.user_id === null ? null : { id: row.user_id, full_name: row.full_name },
  created_at: isoTimestamp(row.created_at),
});

const toReviewComment = (row: ReviewCommentRow) => ({
  id: row.id,
  application: row.application_id,
  comment: row.comment,
  question: row.question_id,
  reviewer: row.reviewer_user_id,
  author: { id: row.reviewer_user_id, full_name: row.full_name },
  updated_at: isoTimestamp(row.updated_at),
});

export function registerCommentRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  registerApplicationRecordsRoute(app, db, {
    url: '/api/jobs/:job/comments',
    tags,
    item: commentSchema,
    list: listComments,
    toItem: toComment,
  });

  // A comment on the application; with `feedback` it is also shown on the interviewee's feedback page.
  app.post(
    '/api/jobs/:job/comments',
    {
      schema: {
        tags,
        params: jobParams,
        body: commentBodySchema,
        response: { 201: commentSchema },
      },
    },
    async (request, reply) => {
      const { access, application } = await requireReviewableApplication(
        db,
        requireUser(request),
        {
          jobId: request.params.job,
          applicationId: request.body.application,
        },
      );
      assertActingAsSelf(access, request.body.user);
      // Feedback speaks to the interviewee for the company, like a decision does: a rate-only
      // reviewer's view stays inside the panel (decision 126).
      if (request.body.feedback && !canDecide(access))
        throw forbidden(
          'Only reviewers who may shortlist and reject can send feedback to the interviewee.',
        );
      const id = await db.transaction().execute(async (trx) => {
        const row = await insertComment(trx, {
          applicationId: application.id,
          userId: access.userId,
          comment: request.body.comment,
          isFeedback: request.body.feedback,
        });
        await recordActivity(trx, {
          companyId: access.job.company_id,
          jobId: access.job.id,
          applicationId: application.id,
          userId: access.userId,
          verb: request.body.feedback
            ? 'application.feedback'
            : 'application.commented',
          data: { name: `${application.first_name} ${application.last_name}` },
        });
        return row.id;
      });
      return reply.status(201).send(toComment(await findComment(db, id)));
    },
  );

  registerApplicationRecordsRoute(app, db, {
    url: '/api/jobs/:job/reviewcomments',
    tags,
    item: reviewCommentSchema,
    list: listReviewComments,
    toItem: toReviewComment,
  });

  const checkQuestion = async (
    applicationId: number,
    question: number | null,
  ) => {
    if (
      question !== null &&
      !(await hasAnsweredQuestion(db, { applicationId, question }))
    ) {
      throw fieldError(
        'question',
        'This question was not answered by this interviewee.',
      );
    }
  };

  app.post(
    '/api/jobs/:job/reviewcomments',
    {
      schema: {
        tags,
        params: jobParams,
        body: reviewCommentBodySchema,
        response: { 201: reviewCommentSchema },
      },
    },
    async (request, reply) => {
      const { access, application } = await requireReviewableApplication(
        db,
        requireUser(request),
        {
          jobId: request.params.job,
          applicationId: request.body.application,
        },
      );
      assertActingAsSelf(access, request.body.reviewer);
      const { comment, question, overwrite } = request.body;
      await checkQuestion(application.id, question);
      const id = await db.transaction().execute(async (trx) => {
        const existing = overwrite
          ? await findOwnReviewComment(trx, {
              applicationId: application.id,
              userId: access.userId,
              question,
            })
          : undefined;
        if (existing) {
          await updateReviewComment(trx, existing.id, comment);
          return existing.id;
        }
        const row = await insertReviewComment(trx, {
          applicationId: application.id,
          userId: access.userId,
          question,
          comment,
        });
        return row.id;
      });
      return reply
        .status(201)
        .send(toReviewComment(await findReviewCommentWithAuthor(db, id)));
    },
  );

  app.put(
    '/api/jobs/:job/reviewcomments/:id',
    {
      schema: {
        tags,
        params: itemParams,
        body: reviewCommentBodySchema,
        response: { 200: reviewCommentSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const access = await requireJobAccess(
        db,
        user,
        request.params.job,
        'review',
      );
      const existing = await findReviewComment(db, {
        commentId: request.params.id,
        jobId: access.job.id,
      });
      if (!existing || existing.application_id !== request.body.application)
        throw notFound('This comment');
      await requireReviewableApplication(db, user, {
        jobId: access.job.id,
        applicationId: existing.application_id,
      });
      if (
        existing.reviewer_user_id !== access.userId &&
        !canSeeAllReviews(access)
      )
        throw notFound('This comment');
      assertOwnRecord(access, existing.reviewer_user_id);
      assertActingAsSelf(access, request.body.reviewer);
      await updateReviewComment(db, existing.id, request.body.comment);
      return toReviewComment(
        await findReviewCommentWithAuthor(db, existing.id),
      );
    },
  );

  // The comms tab: every e-mail sent to the interviewee, with its delivery state.
  app.get(
    '/api/jobs/:job/applications/:id/emails',
    {
      schema: {
        tags,
        params: itemParams,
        response: { 200: z.array(applicationEmailSchema) },
      },
    },
    async (request) => {
      const { access, application } = await requireReviewableApplication(
        db,
        requireUser(request),
        {
          jobId: request.params.job,
          applicationId: request.params.id,
        },
      );
      if (access.kind !== 'company')
        throw forbidden(
          'Only company users can read the e-mails sent to interviewees.',
        );
      const rows = await listApplicationEmails(db, application.id);
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        created_at: isoTimestamp(row.created_at),
        sent_at: row.sent_at ? isoTimestamp(row.sent_at) : null,
      }));
    },
  );
}
