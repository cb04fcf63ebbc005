import type { JobEditFacts } from '@candor/domain';
import type { Db } from '../../db/connection';

/**
 * How many of a job's interviewees have answered and how many someone has rated: what fixes
 * parts of the interview (decision 138). An answer row exists from the moment its upload
 * starts, so an interviewee in the middle of sending counts as having answered.
 */
export async function findJobEditFacts(
  db: Db,
  jobId: number,
): Promise<JobEditFacts> {
  const row = await db
    .selectFrom('applications')
    .where('applications.job_id', '=', jobId)
    .select((eb) => [
      eb.fn
        .countAll<string>()
        .filterWhere(
          eb.exists(
            eb
              .selectFrom('answers')
              .select(eb.lit(1).as('one'))
              .whereRef('answers.application_id', '=', 'applications.id'),
          ),
        )
        .as('answered'),
      eb.fn
        .countAll<string>()
        .filterWhere((inner) =>
          inner.or([
            inner.exists(
              inner
                .selectFrom('reviews')
                .select(inner.lit(1).as('one'))
                .whereRef('reviews.application_id', '=', 'applications.id'),
            ),
            inner.exists(
              inner
                .selectFrom('answer_reviews')
                .select(inner.lit(1).as('one'))
                .whereRef(
                  'answer_reviews.application_id',
                  '=',
                  'applications.id',
                ),
            ),
            inner.exists(
              inner
                .selectFrom('matrix_reviews')
                .select(inner.lit(1).as('one'))
                .whereRef(
                  'matrix_reviews.application_id',
                  '=',
                  'applications.id',
                ),
            ),
          ]),
        )
        .as('rated'),
    ])
    .executeTakeFirstOrThrow();
  return { answered: Number(row.answered), rated: Number(row.rated) };
}

export async function countQuestions(db: Db, jobId: number): Promise<number> {
  const row = await db
    .selectFrom('questions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
