import { sql } from 'kysely';
import type { Db } from '../../db/connection';

const fullName = sql<string>`trim(users.first_name || ' ' || users.last_name)`;

// Overall reviews.
export function listReviews(
  db: Db,
  options: { applicationId: number; userId: number | null },
) {
  let query = db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select([
      'reviews.id',
      'reviews.application_id',
      'reviews.user_id',
      'reviews.rating',
      'reviews.updated_at',
    ])
    .select(fullName.as('full_name'))
    .where('reviews.application_id', '=', options.applicationId);
  if (options.userId !== null)
    query = query.where('reviews.user_id', '=', options.userId);
  return query.orderBy('reviews.id').execute();
}

export function findReview(
  db: Db,
  options: { reviewId: number; applicationJobId: number },
) {
  return db
    .selectFrom('reviews')
    .innerJoin('applications', 'applications.id', 'reviews.application_id')
    .select(['reviews.id', 'reviews.application_id', 'reviews.user_id'])
    .where('reviews.id', '=', options.reviewId)
    .where('applications.job_id', '=', options.applicationJobId)
    .executeTakeFirst();
}

/** One overall review per reviewer and applicant: a second POST updates the first. */
export function upsertReview(
  db: Db,
  values: { applicationId: number; userId: number; rating: number },
) {
  return db
    .insertInto('reviews')
    .values({
      application_id: values.applicationId,
      user_id: values.userId,
      rating: values.rating,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['application_id', 'user_id'])
        .doUpdateSet({ rating: values.rating, updated_at: new Date() }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
}

// Per-answer reviews.
export function listAnswerReviews(
  db: Db,
  options: { applicationId: number; userId: number | null },
) {
  let query = db
    .selectFrom('answer_reviews')
    .innerJoin('answers', 'answers.id', 'answer_reviews.answer_id')
    .innerJoin('users', 'users.id', 'answer_reviews.user_id')
    .select([
      'answer_reviews.id',
      'answer_reviews.answer_id',
      'answer_reviews.application_id',
      'answer_reviews.user_id',
      'answer_reviews.rating',
      'answer_reviews.updated_at',
    ])
    .select(fullName.as('full_name'))
    .where('answer_reviews.application_id', '=', options.applicationId);
  if (options.userId !== null)
    query = query.where('answer_reviews.user_id', '=', options.userId);
  return query.orderBy('answers.order').orderBy('answer_reviews.id').execute();
}

export function findAnswerReview(
  db: Db,
  options: { reviewId: number; jobId: number },
) {
  return db
    .selectFrom('answer_reviews')
    .innerJoin('answers', 'answers.id', 'answer_reviews.answer_id')
    .innerJoin('applications', 'applications.id', 'answers.application_id')
    .select([
      'answer_reviews.id',
      'answer_reviews.user_id',
      'answers.application_id',
      'answers.id as answer_id',
    ])
    .where('answer_reviews.id', '=', options.reviewId)
    .where('applications.job_id', '=', options.jobId)
    .executeTakeFirst();
}

export function findAnswerOfJob(
  db: Db,
  options: { answerId: number; jobId: number },
) {
  return db
    .selectFrom('answers')
    .innerJoin('applications', 'applications.id', 'answers.application_id')
    .select(['answers.id', 'answers.application_id', 'answers.question_id'])
    .where('answers.id', '=', options.answerId)
    .where('applications.job_id', '=', options.jobId)
    .executeTakeFirst();
}

export function upsertAnswerReview(
  db: Db,
  values: { answerId: number; userId: number; rating: number },
) {
  return db
    .insertInto('answer_reviews')
    .values({
      answer_id: values.answerId,
      user_id: values.userId,
      rating: values.rating,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['answer_id', 'user_id'])
        .doUpdateSet({ rating: values.rating, updated_at: new Date() }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Every rating given to one applicant, overall and per answer, by reviewer. */
export async function listApplicationRatings(db: Db, applicationId: number) {
  const [overall, perAnswer] = await Promise.all([
    db
      .selectFrom('reviews')
      .select(['user_id', 'rating'])
      .where('application_id', '=', applicationId)
      .execute(),
    db
      .selectFrom('answer_reviews')
      .select(['user_id', 'rating'])
      .where('application_id', '=', applicationId)
      .execute(),
  ]);
  return { overall, perAnswer };
}

/** Whether the user made their call on the applicant: an overall review, a rating of one of their answers, or their own review completed. */
export async function hasRatedApplication(
  db: Db,
  options: { applicationId: number; userId: number },
): Promise<boolean> {
  const found = await db
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('reviews')
              .select('id')
              .where('application_id', '=', options.applicationId)
              .where('user_id', '=', options.userId),
          ),
          eb.exists(
            eb
              .selectFrom('answer_reviews')
              .select('id')
              .where('application_id', '=', options.applicationId)
              .where('user_id', '=', options.userId),
          ),
          // A completed review is a call made too: on a matrix job it is the only one.
          eb.exists(
            eb
              .selectFrom('review_completions')
              .select('user_id')
              .where('application_id', '=', options.applicationId)
              .where('user_id', '=', options.userId),
          ),
        ])
        .as('rated'),
    )
    .executeTakeFirstOrThrow();
  return Boolean(found.rated);
}

/** One user's ratings of several applicants (for user_rating in application replies). */
export async function listUserRatings(
  db: Db,
  options: { userId: number; applicationIds: readonly number[] },
) {
  if (options.applicationIds.length === 0)
    return { overall: [], perAnswer: [] };
  const ids = [...options.applicationIds];
  const [overall, perAnswer] = await Promise.all([
    db
      .selectFrom('reviews')
      .select(['application_id', 'rating'])
      .where('user_id', '=', options.userId)
      .where('application_id', 'in', ids)
      .execute(),
    db
      .selectFrom('answer_reviews')
      .select(['application_id', 'rating'])
      .where('user_id', '=', options.userId)
      .where('application_id', 'in', ids)
      .execute(),
  ]);
  return { overall, perAnswer };
}

export function storeAverage(
  db: Db,
  options: { applicationId: number; average: number | null; count: number },
) {
  return db
    .updateTable('applications')
    .set({
      review_average: options.average,
      review_count: options.count,
      updated_at: new Date(),
    })
    .where('id', '=', options.applicationId)
    .execute();
}

// The matrix.
export function listMatrixReviews(
  db: Db,
  options: { applicationId: number; userId: number | null },
) {
  let query = db
    .selectFrom('matrix_reviews')
    .selectAll()
    .where('application_id', '=', options.applicationId);
  if (options.userId !== null)
    query = query.where('user_id', '=', options.userId);
  return query.orderBy('id').execute();
}

export function findMatrixReview(
  db: Db,
  options: { reviewId: number; jobId: number },
) {
  return db
    .selectFrom('matrix_reviews')
    .innerJoin(
      'applications',
      'applications.id',
      'matrix_reviews.application_id',
    )
    .selectAll('matrix_reviews')
    .where('matrix_reviews.id', '=', options.reviewId)
    .where('applications.job_id', '=', options.jobId)
    .executeTakeFirst();
}

export function insertMatrixReview(
  db: Db,
  values: {
    applicationId: number;
    userId: number;
    question: number | null;
    competency: number;
    indicator: number;
    level: number;
  },
) {
  return db
    .insertInto('matrix_reviews')
    .values({
      application_id: values.applicationId,
      user_id: values.userId,
      question_id: values.question,
      competency: values.competency,
      indicator: values.indicator,
      level: values.level,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateMatrixReview(
  db: Db,
  reviewId: number,
  values: { indicator: number; level: number },
) {
  return db
    .updateTable('matrix_reviews')
    .set(values)
    .where('id', '=', reviewId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteMatrixReview(db: Db, reviewId: number) {
  return db.deleteFrom('matrix_reviews').where('id', '=', reviewId).execute();
}

/** Generic options (competency 0) plus those of the competencies the job's questions review. */
export function listMatrixOptions(db: Db, competencies: readonly number[]) {
  return db
    .selectFrom('matrix_options')
    .selectAll()
    .where('competency', 'in', [0, ...competencies])
    .orderBy('kind')
    .orderBy('indicator')
    .orderBy('level')
    .execute();
}

export function listJobReviewCompetencies(db: Db, jobId: number) {
  return db
    .selectFrom('questions')
    .select('review_competency')
    .distinct()
    .where('job_id', '=', jobId)
    .where('review_competency', 'is not', null)
    .execute();
}

/** The questions an applicant answered, in order, with their text at the time of answering. */
export function listAnsweredQuestions(db: Db, applicationId: number) {
  return db
    .selectFrom('answers')
    .select([
      'answers.id',
      'answers.question_id',
      'answers.question_text',
      'answers.order',
    ])
    .where('application_id', '=', applicationId)
    .orderBy('order')
    .orderBy('id')
    .execute();
}

export function listQuestionCompetencies(db: Db, jobId: number) {
  return db
    .selectFrom('questions')
    .select(['id', 'review_competency'])
    .where('job_id', '=', jobId)
    .execute();
}

/** One applicant of the job; an applicant of another job is not found. */
export function findJobApplication(
  db: Db,
  options: { jobId: number; applicationId: number },
) {
  return db
    .selectFrom('applications')
    .selectAll()
    .where('id', '=', options.applicationId)
    .where('job_id', '=', options.jobId)
    .executeTakeFirst();
}
