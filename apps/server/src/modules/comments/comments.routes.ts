import {
  applicationEmailSchema,
  commentBodySchema,
  commentSchema,
  reviewCommentBodySchema,
  reviewCommentSchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { jobAccessOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { forbidden } from '../../platform/http/errors';
import { requireReviewableApplication } from '../reviews/review-access';
import { registerApplicationRecordsRoute } from '../reviews/application-list-route';
import {
  findComment,
  findReviewCommentWithAuthor,
  listApplicationEmails,
  listComments,
  listReviewComments,
  type CommentRow,
  type ReviewCommentRow,
} from './comments.repository';
import {
  addComment,
  editReviewComment,
  saveReviewComment,
} from './comments.service';
import { jobParams, jobItemParams } from '../../platform/http/path-params';

const tags = ['comments'];

const toComment = (row: CommentRow) => ({
  id: row.id,
  application: row.application_id,
  comment: row.comment,
  is_feedback: row.is_feedback,
  user:
    row.user_id === null ? null : { id: row.user_id, full_name: row.full_name },
  created_at: row.created_at.toISOString(),
});

const toReviewComment = (row: ReviewCommentRow) => ({
  id: row.id,
  application: row.application_id,
  comment: row.comment,
  question: row.question_id,
  reviewer: row.reviewer_user_id,
  author: { id: row.reviewer_user_id, full_name: row.full_name },
  updated_at: row.updated_at.toISOString(),
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
      config: { access: { job: 'review' }, apiKey: 'write' },
      schema: {
        tags,
        params: jobParams,
        body: commentBodySchema,
        response: { 201: commentSchema },
      },
    },
    async (request, reply) => {
      const id = await addComment(db, {
        access: jobAccessOf(request),
        body: request.body,
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

  app.post(
    '/api/jobs/:job/reviewcomments',
    {
      config: { access: { job: 'review' } },
      schema: {
        tags,
        params: jobParams,
        body: reviewCommentBodySchema,
        response: { 201: reviewCommentSchema },
      },
    },
    async (request, reply) => {
      const id = await saveReviewComment(db, {
        access: jobAccessOf(request),
        body: request.body,
      });
      return reply
        .status(201)
        .send(toReviewComment(await findReviewCommentWithAuthor(db, id)));
    },
  );

  app.put(
    '/api/jobs/:job/reviewcomments/:id',
    {
      config: { access: { job: 'review' } },
      schema: {
        tags,
        params: jobItemParams,
        body: reviewCommentBodySchema,
        response: { 200: reviewCommentSchema },
      },
    },
    async (request) => {
      const id = await editReviewComment(db, {
        access: jobAccessOf(request),
        commentId: request.params.id,
        body: request.body,
      });
      return toReviewComment(await findReviewCommentWithAuthor(db, id));
    },
  );

  // The comms tab: every e-mail sent to the interviewee, with its delivery state.
  app.get(
    '/api/jobs/:job/applications/:id/emails',
    {
      config: { access: { job: 'review' } },
      schema: {
        tags,
        params: jobItemParams,
        response: { 200: z.array(applicationEmailSchema) },
      },
    },
    async (request) => {
      const { access, application } = await requireReviewableApplication(
        db,
        jobAccessOf(request),
        request.params.id,
      );
      if (access.kind !== 'company')
        throw forbidden(
          'Only company users can read the e-mails sent to interviewees.',
        );
      const rows = await listApplicationEmails(db, application.id);
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        created_at: row.created_at.toISOString(),
        sent_at: row.sent_at ? row.sent_at.toISOString() : null,
      }));
    },
  );
}
