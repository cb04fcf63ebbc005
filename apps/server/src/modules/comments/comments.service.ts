import type {
  commentBodySchema,
  reviewCommentBodySchema,
} from '@candor/domain';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import {
  canDecide,
  canSeeAllReviews,
  type JobAccess,
} from '../../platform/access/job-access';
import { fieldError, forbidden, notFound } from '../../platform/http/errors';
import { emit } from '../../platform/events/emit';
import {
  assertActingAsSelf,
  assertOwnRecord,
  requireReviewableApplication,
} from '../reviews/review-access';
import {
  findOwnReviewComment,
  findReviewComment,
  hasAnsweredQuestion,
  insertComment,
  insertReviewComment,
  updateReviewComment,
} from './comments.repository';

/** `access`: the job as the route's access rule opened it to the caller. */
type Write<Body> = { access: JobAccess; body: Body };

/** A comment on an interviewee, and its activity line; returns the comment's id. */
export async function addComment(
  db: Db,
  options: Write<z.infer<typeof commentBodySchema>>,
): Promise<number> {
  const { body } = options;
  const { access, application } = await requireReviewableApplication(
    db,
    options.access,
    body.application,
  );
  assertActingAsSelf(access, body.user);
  // Feedback speaks to the interviewee for the company, like a decision does: a rate-only
  // reviewer's view stays inside the panel (decision 126).
  if (body.feedback && !canDecide(access))
    throw forbidden(
      'Only reviewers who may shortlist and reject can send feedback to the interviewee.',
    );
  return db.transaction().execute(async (trx) => {
    const row = await insertComment(trx, {
      applicationId: application.id,
      userId: access.userId,
      comment: body.comment,
      isFeedback: body.feedback,
    });
    await emit(trx, {
      companyId: access.job.company_id,
      jobId: access.job.id,
      applicationId: application.id,
      userId: access.userId,
      type: body.feedback ? 'application.feedback' : 'application.commented',
      data: { name: `${application.first_name} ${application.last_name}` },
    });
    return row.id;
  });
}

/**
 * A reviewer's comment on an interviewee or on one answer; with `overwrite` it replaces the
 * caller's own comment on the same question. Returns the comment's id.
 */
export async function saveReviewComment(
  db: Db,
  options: Write<z.infer<typeof reviewCommentBodySchema>>,
): Promise<number> {
  const { comment, question, overwrite } = options.body;
  const { access, application } = await requireReviewableApplication(
    db,
    options.access,
    options.body.application,
  );
  assertActingAsSelf(access, options.body.reviewer);
  if (
    question !== null &&
    !(await hasAnsweredQuestion(db, {
      applicationId: application.id,
      question,
    }))
  )
    throw fieldError(
      'question',
      'This question was not answered by this interviewee.',
    );
  return db.transaction().execute(async (trx) => {
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
}

/** Changes the caller's own review comment, found only by someone who may see it. */
export async function editReviewComment(
  db: Db,
  options: Write<z.infer<typeof reviewCommentBodySchema>> & {
    commentId: number;
  },
): Promise<number> {
  const { access } = options;
  const existing = await findReviewComment(db, {
    commentId: options.commentId,
    jobId: access.job.id,
  });
  if (!existing || existing.application_id !== options.body.application)
    throw notFound('This comment');
  await requireReviewableApplication(db, access, existing.application_id);
  if (existing.reviewer_user_id !== access.userId && !canSeeAllReviews(access))
    throw notFound('This comment');
  assertOwnRecord(access, existing.reviewer_user_id);
  assertActingAsSelf(access, options.body.reviewer);
  await updateReviewComment(db, existing.id, options.body.comment);
  return existing.id;
}
