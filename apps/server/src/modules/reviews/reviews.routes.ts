import {
  MATRIX_MIN_COMMUNICATION_REVIEWS,
  MATRIX_MIN_INDICATORS_PER_QUESTION,
  answerReviewBodySchema,
  answerReviewSchema,
  matrixOptionsReplySchema,
  matrixReviewBodySchema,
  matrixReviewSchema,
  matrixSubmissionReplySchema,
  reviewBodySchema,
  reviewChangeReplySchema,
  reviewSchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import {
  requireJobAccess,
  canSeeAllReviews,
} from '../../platform/access/job-access';
import { requireUser } from '../../platform/auth/guards';
import type { App } from '../../platform/http/app-types';
import { notFound } from '../../platform/http/errors';
import {
  assertActingAsSelf,
  assertOwnRecord,
  requireReviewableApplication,
} from './review-access';
import { registerApplicationRecordsRoute } from './application-list-route';
import {
  deleteMatrixReview,
  findAnswerOfJob,
  findAnswerReview,
  findMatrixReview,
  findReview,
  listAnswerReviews,
  listJobReviewCompetencies,
  listMatrixOptions,
  listMatrixReviews,
  listReviews,
  upsertAnswerReview,
  upsertReview,
} from './reviews.repository';
import {
  assertMatrixJob,
  assertRatingInRange,
  editMatrixReview,
  recomputeAverage,
  recordRating,
  reviewChangeReply,
  submitMatrixChoice,
} from './reviews.service';
import { isoTimestamp } from '../../db/timestamps';

const jobParams = z.object({ job: z.coerce.number().int() });
const itemParams = jobParams.extend({ id: z.coerce.number().int() });
const tags = ['reviews'];

const toReview = (row: Awaited<ReturnType<typeof listReviews>>[number]) => ({
  id: row.id,
  application: row.application_id,
  rating: row.rating,
  user: row.user_id,
  author: { id: row.user_id, full_name: row.full_name },
  updated_at: isoTimestamp(row.updated_at),
});

const toAnswerReview = (
  row: Awaited<ReturnType<typeof listAnswerReviews>>[number],
) => ({
  id: row.id,
  answer: row.answer_id,
  answer_id: row.answer_id,
  application: row.application_id,
  rating: row.rating,
  user: row.user_id,
  author: { id: row.user_id, full_name: row.full_name },
  updated_at: isoTimestamp(row.updated_at),
});

type MatrixRow = Awaited<ReturnType<typeof listMatrixReviews>>[number];
const toMatrixReview = (row: MatrixRow) => ({
  id: row.id,
  application: row.application_id,
  question: row.question_id,
  competency: row.competency,
  indicator: row.indicator,
  level: row.level,
  user: row.user_id,
});

export function registerReviewRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  // Overall reviews.
  registerApplicationRecordsRoute(app, db, {
    url: '/api/jobs/:job/reviews',
    tags,
    item: reviewSchema,
    list: listReviews,
    toItem: toReview,
  });

  const writeReview = async (options: {
    user: ReturnType<typeof requireUser>;
    jobId: number;
    reviewId: number | null;
    body: z.infer<typeof reviewBodySchema>;
  }) => {
    const { access, application } = await requireReviewableApplication(
      db,
      options.user,
      {
        jobId: options.jobId,
        applicationId: options.body.application,
      },
    );
    assertActingAsSelf(access, options.body.user);
    assertRatingInRange(access.job, options.body.rating);
    if (options.reviewId !== null) {
      const existing = await findReview(db, {
        reviewId: options.reviewId,
        applicationJobId: access.job.id,
      });
      if (!existing || existing.application_id !== application.id)
        throw notFound('This review');
      if (existing.user_id !== access.userId && !canSeeAllReviews(access))
        throw notFound('This review');
      assertOwnRecord(access, existing.user_id);
    }
    return db.transaction().execute(async (trx) => {
      await upsertReview(trx, {
        applicationId: application.id,
        userId: access.userId,
        rating: options.body.rating,
      });
      await recordRating(trx, {
        access,
        applicationId: application.id,
        rating: options.body.rating,
      });
      const average = await recomputeAverage(trx, application.id);
      const [row] = await listReviews(trx, {
        applicationId: application.id,
        userId: access.userId,
      });
      if (!row) throw notFound('This review');
      return {
        ...toReview(row),
        ...(await reviewChangeReply(trx, {
          applicationId: application.id,
          userId: access.userId,
          average,
          seesAllReviews: canSeeAllReviews(access),
        })),
      };
    });
  };
  const reviewReply = reviewSchema.extend(reviewChangeReplySchema.shape);

  app.post(
    '/api/jobs/:job/reviews',
    {
      schema: {
        tags,
        params: jobParams,
        body: reviewBodySchema,
        response: { 201: reviewReply },
      },
    },
    async (request, reply) => {
      const result = await writeReview({
        user: requireUser(request),
        jobId: request.params.job,
        reviewId: null,
        body: request.body,
      });
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/api/jobs/:job/reviews/:id',
    {
      schema: {
        tags,
        params: itemParams,
        body: reviewBodySchema,
        response: { 200: reviewReply },
      },
    },
    async (request) =>
      writeReview({
        user: requireUser(request),
        jobId: request.params.job,
        reviewId: request.params.id,
        body: request.body,
      }),
  );

  // Per-answer reviews.
  registerApplicationRecordsRoute(app, db, {
    url: '/api/jobs/:job/answerreviews',
    tags,
    item: answerReviewSchema,
    list: listAnswerReviews,
    toItem: toAnswerReview,
  });

  const writeAnswerReview = async (options: {
    user: ReturnType<typeof requireUser>;
    jobId: number;
    reviewId: number | null;
    body: z.infer<typeof answerReviewBodySchema>;
  }) => {
    const jobAccess = await requireJobAccess(
      db,
      options.user,
      options.jobId,
      'review',
    );
    const answer = await findAnswerOfJob(db, {
      answerId: options.body.answer,
      jobId: jobAccess.job.id,
    });
    if (!answer) throw notFound('This answer');
    const { access, application } = await requireReviewableApplication(
      db,
      options.user,
      {
        jobId: options.jobId,
        applicationId: answer.application_id,
      },
    );
    assertActingAsSelf(access, options.body.user);
    assertRatingInRange(access.job, options.body.rating);
    if (options.reviewId !== null) {
      const existing = await findAnswerReview(db, {
        reviewId: options.reviewId,
        jobId: access.job.id,
      });
      if (!existing || existing.answer_id !== answer.id)
        throw notFound('This review');
      if (existing.user_id !== access.userId && !canSeeAllReviews(access))
        throw notFound('This review');
      assertOwnRecord(access, existing.user_id);
    }
    return db.transaction().execute(async (trx) => {
      await upsertAnswerReview(trx, {
        answerId: answer.id,
        userId: access.userId,
        rating: options.body.rating,
      });
      await recordRating(trx, {
        access,
        applicationId: application.id,
        rating: options.body.rating,
        answerId: answer.id,
      });
      const average = await recomputeAverage(trx, application.id);
      const rows = await listAnswerReviews(trx, {
        applicationId: application.id,
        userId: access.userId,
      });
      const row = rows.find((candidate) => candidate.answer_id === answer.id);
      if (!row) throw notFound('This review');
      return {
        ...toAnswerReview(row),
        ...(await reviewChangeReply(trx, {
          applicationId: application.id,
          userId: access.userId,
          average,
          seesAllReviews: canSeeAllReviews(access),
        })),
      };
    });
  };
  const answerReviewReply = answerReviewSchema.extend(
    reviewChangeReplySchema.shape,
  );

  app.post(
    '/api/jobs/:job/answerreviews',
    {
      schema: {
        tags,
        params: jobParams,
        body: answerReviewBodySchema,
        response: { 201: answerReviewReply },
      },
    },
    async (request, reply) => {
      const result = await writeAnswerReview({
        user: requireUser(request),
        jobId: request.params.job,
        reviewId: null,
        body: request.body,
      });
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/api/jobs/:job/answerreviews/:id',
    {
      schema: {
        tags,
        params: itemParams,
        body: answerReviewBodySchema,
        response: { 200: answerReviewReply },
      },
    },
    async (request) =>
      writeAnswerReview({
        user: requireUser(request),
        jobId: request.params.job,
        reviewId: request.params.id,
        body: request.body,
      }),
  );

  // The STAR matrix.
  app.get(
    '/api/jobs/:job/matrixreviewoptions',
    {
      schema: {
        tags,
        params: jobParams,
        response: { 200: matrixOptionsReplySchema },
      },
    },
    async (request) => {
      const access = await requireJobAccess(
        db,
        requireUser(request),
        request.params.job,
        'review',
      );
      const competencies = await listJobReviewCompetencies(db, access.job.id);
      const rows = await listMatrixOptions(
        db,
        competencies.flatMap((row) =>
          row.review_competency ? [row.review_competency] : [],
        ),
      );
      return {
        options: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          competency: row.competency,
          indicator: row.indicator,
          indicator_description: row.indicator_description,
          level: row.level,
          text_1: row.text_1,
          text_2: row.text_2,
        })),
        minimums: {
          indicators_per_question: MATRIX_MIN_INDICATORS_PER_QUESTION,
          communication_reviews: MATRIX_MIN_COMMUNICATION_REVIEWS,
        },
      };
    },
  );

  registerApplicationRecordsRoute(app, db, {
    url: '/api/jobs/:job/matrixreviews',
    tags,
    item: matrixReviewSchema,
    list: listMatrixReviews,
    toItem: toMatrixReview,
  });

  app.post(
    '/api/jobs/:job/matrixreviews',
    {
      schema: {
        tags,
        params: jobParams,
        body: matrixReviewBodySchema,
        response: { 200: matrixSubmissionReplySchema },
      },
    },
    async (request) => {
      const { access, application } = await requireReviewableApplication(
        db,
        requireUser(request),
        {
          jobId: request.params.job,
          applicationId: request.body.application,
        },
      );
      const result = await db.transaction().execute((trx) =>
        submitMatrixChoice(trx, {
          access,
          applicationId: application.id,
          body: request.body,
        }),
      );
      return {
        ...result,
        review: result.review ? toMatrixReview(result.review) : null,
      };
    },
  );

  const requireOwnMatrixReview = async (
    user: ReturnType<typeof requireUser>,
    params: z.infer<typeof itemParams>,
  ) => {
    const access = await requireJobAccess(db, user, params.job, 'review');
    assertMatrixJob(access.job);
    const review = await findMatrixReview(db, {
      reviewId: params.id,
      jobId: access.job.id,
    });
    if (!review) throw notFound('This review');
    // Only someone who may see the applicant (and the review) learns it exists.
    await requireReviewableApplication(db, user, {
      jobId: access.job.id,
      applicationId: review.application_id,
    });
    if (review.user_id !== access.userId && !canSeeAllReviews(access))
      throw notFound('This review');
    assertOwnRecord(access, review.user_id);
    return { access, review };
  };

  app.put(
    '/api/jobs/:job/matrixreviews/:id',
    {
      schema: {
        tags,
        params: itemParams,
        body: matrixReviewBodySchema,
        response: { 200: matrixReviewSchema },
      },
    },
    async (request) => {
      const { access, review } = await requireOwnMatrixReview(
        requireUser(request),
        request.params,
      );
      const updated = await editMatrixReview(db, {
        access,
        review,
        indicator: request.body.indicator,
        level: request.body.level,
      });
      return toMatrixReview(updated);
    },
  );

  app.delete(
    '/api/jobs/:job/matrixreviews/:id',
    { schema: { tags, params: itemParams } },
    async (request, reply) => {
      const { review } = await requireOwnMatrixReview(
        requireUser(request),
        request.params,
      );
      await deleteMatrixReview(db, review.id);
      return reply.status(204).send();
    },
  );
}
