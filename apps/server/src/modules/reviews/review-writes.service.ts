import type {
  answerReviewBodySchema,
  matrixReviewBodySchema,
  reviewBodySchema,
} from '@candor/domain';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import {
  canSeeAllReviews,
  type JobAccess,
} from '../../platform/access/job-access';
import { notFound } from '../../platform/http/errors';
import {
  assertActingAsSelf,
  assertOwnRecord,
  requireReviewableApplication,
} from './review-access';
import {
  findAnswerOfJob,
  findAnswerReview,
  findMatrixReview,
  findReview,
  listAnswerReviews,
  listReviews,
  upsertAnswerReview,
  upsertReview,
} from './reviews.repository';
import {
  assertMatrixJob,
  assertRatingInRange,
  recomputeAverage,
  recordRating,
  reviewChangeReply,
  submitMatrixChoice,
} from './reviews.service';

type Change<Body> = {
  /** The job as the route's access rule opened it to the caller. */
  access: JobAccess;
  /** The review the caller changes (PUT), or null for a new one (POST). */
  reviewId: number | null;
  body: Body;
};

/**
 * A review the caller asks to change must be one they may see, of this interviewee (else it
 * does not exist for them), and their own.
 */
function assertMayChange(
  access: JobAccess,
  existing: { user_id: number } | undefined,
  ofThisInterviewee: boolean,
): void {
  if (!existing || !ofThisInterviewee) throw notFound('This review');
  if (existing.user_id !== access.userId && !canSeeAllReviews(access))
    throw notFound('This review');
  assertOwnRecord(access, existing.user_id);
}

/**
 * Stores a rating in one transaction: the row, the activity line, the interviewee's average,
 * then reads back the caller's row and what the page shows after the change.
 */
async function storeRating<Row>(
  db: Db,
  options: {
    access: JobAccess;
    applicationId: number;
    rating: number;
    answerId?: number;
    upsert: (trx: Db) => Promise<unknown>;
    readBack: (trx: Db) => Promise<Row | undefined>;
  },
): Promise<{
  row: Row;
  change: Awaited<ReturnType<typeof reviewChangeReply>>;
}> {
  const { access, applicationId } = options;
  return db.transaction().execute(async (trx) => {
    await options.upsert(trx);
    await recordRating(trx, {
      access,
      applicationId,
      rating: options.rating,
      ...(options.answerId === undefined ? {} : { answerId: options.answerId }),
    });
    const average = await recomputeAverage(trx, applicationId);
    const row = await options.readBack(trx);
    if (!row) throw notFound('This review');
    const change = await reviewChangeReply(trx, {
      applicationId,
      userId: access.userId,
      average,
      seesAllReviews: canSeeAllReviews(access),
    });
    return { row, change };
  });
}

/** The caller's overall rating of an interviewee, new or changed. */
export async function saveReview(
  db: Db,
  options: Change<z.infer<typeof reviewBodySchema>>,
) {
  const { body } = options;
  const { access, application } = await requireReviewableApplication(
    db,
    options.access,
    body.application,
  );
  assertActingAsSelf(access, body.user);
  assertRatingInRange(access.job, body.rating);
  if (options.reviewId !== null) {
    const existing = await findReview(db, {
      reviewId: options.reviewId,
      applicationJobId: access.job.id,
    });
    assertMayChange(
      access,
      existing,
      existing?.application_id === application.id,
    );
  }
  return storeRating(db, {
    access,
    applicationId: application.id,
    rating: body.rating,
    upsert: (trx) =>
      upsertReview(trx, {
        applicationId: application.id,
        userId: access.userId,
        rating: body.rating,
      }),
    readBack: async (trx) =>
      (
        await listReviews(trx, {
          applicationId: application.id,
          userId: access.userId,
        })
      )[0],
  });
}

/** The caller's rating of one answer, new or changed. */
export async function saveAnswerReview(
  db: Db,
  options: Change<z.infer<typeof answerReviewBodySchema>>,
) {
  const { body } = options;
  const answer = await findAnswerOfJob(db, {
    answerId: body.answer,
    jobId: options.access.job.id,
  });
  if (!answer) throw notFound('This answer');
  const { access, application } = await requireReviewableApplication(
    db,
    options.access,
    answer.application_id,
  );
  assertActingAsSelf(access, body.user);
  assertRatingInRange(access.job, body.rating);
  if (options.reviewId !== null) {
    const existing = await findAnswerReview(db, {
      reviewId: options.reviewId,
      jobId: access.job.id,
    });
    assertMayChange(access, existing, existing?.answer_id === answer.id);
  }
  return storeRating(db, {
    access,
    applicationId: application.id,
    rating: body.rating,
    answerId: answer.id,
    upsert: (trx) =>
      upsertAnswerReview(trx, {
        answerId: answer.id,
        userId: access.userId,
        rating: body.rating,
      }),
    readBack: async (trx) =>
      (
        await listAnswerReviews(trx, {
          applicationId: application.id,
          userId: access.userId,
        })
      ).find((row) => row.answer_id === answer.id),
  });
}

/** One choice of the STAR matrix for an interviewee, in one transaction. */
export async function saveMatrixChoice(
  db: Db,
  options: {
    access: JobAccess;
    body: z.infer<typeof matrixReviewBodySchema>;
  },
) {
  const { access, application } = await requireReviewableApplication(
    db,
    options.access,
    options.body.application,
  );
  return db.transaction().execute((trx) =>
    submitMatrixChoice(trx, {
      access,
      applicationId: application.id,
      body: options.body,
    }),
  );
}

/** A matrix review the caller may change: their own, of an interviewee they may see. */
export async function requireOwnMatrixReview(
  db: Db,
  access: JobAccess,
  reviewId: number,
) {
  assertMatrixJob(access.job);
  const review = await findMatrixReview(db, {
    reviewId,
    jobId: access.job.id,
  });
  if (!review) throw notFound('This review');
  // Only someone who may see the applicant (and the review) learns it exists.
  await requireReviewableApplication(db, access, review.application_id);
  assertMayChange(access, review, true);
  return { access, review };
}
