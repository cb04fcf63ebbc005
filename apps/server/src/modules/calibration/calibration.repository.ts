import type { Db } from '../../db/connection';

/** Every rating given on the job's interviewees: overall ones, and per answer with its question. */
export async function listJobRatings(db: Db, jobId: number) {
  const [overall, perAnswer] = await Promise.all([
    db
      .selectFrom('reviews')
      .innerJoin('applications', 'applications.id', 'reviews.application_id')
      .select(['reviews.application_id', 'reviews.user_id', 'reviews.rating'])
      .where('applications.job_id', '=', jobId)
      .execute(),
    db
      .selectFrom('answer_reviews')
      .innerJoin('answers', 'answers.id', 'answer_reviews.answer_id')
      .innerJoin(
        'applications',
        'applications.id',
        'answer_reviews.application_id',
      )
      .select([
        'answer_reviews.application_id',
        'answer_reviews.user_id',
        'answer_reviews.rating',
        'answers.question_id',
      ])
      .where('applications.job_id', '=', jobId)
      .execute(),
  ]);
  return { overall, perAnswer };
}

export function listPeopleNames(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', userIds)
    .execute();
}

export function listApplicantNames(
  db: Db,
  options: { jobId: number; applicationIds: readonly number[] },
) {
  if (options.applicationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('applications')
    .select(['id', 'first_name', 'last_name'])
    .where('job_id', '=', options.jobId)
    .where('id', 'in', options.applicationIds)
    .execute();
}

export function listQuestionTexts(db: Db, jobId: number) {
  return db
    .selectFrom('questions')
    .select(['id', 'text'])
    .where('job_id', '=', jobId)
    .orderBy('order')
    .orderBy('id')
    .execute();
}
