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
import type { AppContext } from '../../app-context';
import { jobAccessOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { registerApplicationRecordsRoute } from './application-list-route';
import {
  deleteMatrixReview,
  listAnswerReviews,
  listJobReviewCompetencies,
  listMatrixOptions,
  listMatrixReviews,
  listReviews,
} from './reviews.repository';
import { editMatrixReview } from './reviews.service';
import {
  requireOwnMatrixReview,
  saveAnswerReview,
  saveMatrixChoice,
  saveReview,
} from './review-writes.service';
import { jobParams, jobItemParams } from '../../platform/http/path-params';

const tags = ['reviews'];

const toReview = (row: Awaited<ReturnType<typeof listReviews>>[number]) => ({
  id: row.id,
  application: row.application_id,
  rating: row.rating,
  user: row.user_id,
  author: { id: row.user_id, full_name: row.full_name },
  updated_at: row.updated_at.toISOString(),
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
  updated_at: row.updated_at.toISOString(),
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

  const reviewReply = reviewSchema.extend(reviewChangeReplySchema.shape);

  app.post(
    '/api/jobs/:job/reviews',
    {
      config: { access: { job: 'review' } },
      schema: {
        tags,
        params: jobParams,
        body: reviewBodySchema,
        response: { 201: reviewReply },
      },
    },
    async (request, reply) => {
      const { row, change } = await saveReview(db, {
        access: jobAccessOf(request),
        reviewId: null,
        body: request.body,
      });
      return reply.status(201).send({ ...toReview(row), ...change });
    },
  );

  app.put(
    '/api/jobs/:job/reviews/:id',
    {
      config: { access: { job: 'review' } },
      schema: {
        tags,
        params: jobItemParams,
        body: reviewBodySchema,
        response: { 200: reviewReply },
      },
    },
    async (request) => {
      const { row, change } = await saveReview(db, {
        access: jobAccessOf(request),
        reviewId: request.params.id,
        body: request.body,
      });
      return { ...toReview(row), ...change };
    },
  );

  // Per-answer reviews.
  registerApplicationRecordsRoute(app, db, {
    url: '/api/jobs/:job/answerreviews',
    tags,
    item: answerReviewSchema,
    list: listAnswerReviews,
    toItem: toAnswerReview,
  });

  const answerReviewReply = answerReviewSchema.extend(
    reviewChangeReplySchema.shape,
  );

  app.post(
    '/api/jobs/:job/answerreviews',
    {
      config: { access: { job: 'review' } },
      schema: {
        tags,
        params: jobParams,
        body: answerReviewBodySchema,
        response: { 201: answerReviewReply },
      },
    },
    async (request, reply) => {
      const { row, change } = await saveAnswerReview(db, {
        access: jobAccessOf(request),
        reviewId: null,
        body: request.body,
      });
      return reply.status(201).send({ ...toAnswerReview(row), ...change });
    },
  );

  app.put(
    '/api/jobs/:job/answerreviews/:id',
    {
      config: { access: { job: 'review' } },
      schema: {
        tags,
        params: jobItemParams,
        body: answerReviewBodySchema,
        response: { 200: answerReviewReply },
      },
    },
    async (request) => {
      const { row, change } = await saveAnswerReview(db, {
        access: jobAccessOf(request),
        reviewId: request.params.id,
        body: request.body,
      });
      return { ...toAnswerReview(row), ...change };
    },
  );

  // The STAR matrix.
  app.get(
    '/api/jobs/:job/matrixreviewoptions',
    {
      config: { access: { job: 'review' } },
      schema: {
        tags,
        params: jobParams,
        response: { 200: matrixOptionsReplySchema },
      },
    },
    async (request) => {
      const access = jobAccessOf(request);
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
      config: { access: { job: 'review' } },
      schema: {
        tags,
        params: jobParams,
        body: matrixReviewBodySchema,
        response: { 200: matrixSubmissionReplySchema },
      },
    },
    async (request) => {
      const result = await saveMatrixChoice(db, {
        access: jobAccessOf(request),
        body: request.body,
      });
      return {
        ...result,
        review: result.review ? toMatrixReview(result.review) : null,
      };
    },
  );

  app.put(
    '/api/jobs/:job/matrixreviews/:id',
    {
      config: { access: { job: 'review' } },
      schema: {
        tags,
        params: jobItemParams,
        body: matrixReviewBodySchema,
        response: { 200: matrixReviewSchema },
      },
    },
    async (request) => {
      const { access, review } = await requireOwnMatrixReview(
        db,
        jobAccessOf(request),
        request.params.id,
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
    {
      config: { access: { job: 'review' } },
      schema: { tags, params: jobItemParams },
    },
    async (request, reply) => {
      const { review } = await requireOwnMatrixReview(
        db,
        jobAccessOf(request),
        request.params.id,
      );
      await deleteMatrixReview(db, review.id);
      return reply.status(204).send();
    },
  );
}
