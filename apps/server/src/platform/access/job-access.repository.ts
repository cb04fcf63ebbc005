import type { Db } from '../../db/connection';
import { staticStatement } from '../../db/static-statement';

/** The job with its question count: every request about a job or its interviewees asks it first. */
const jobWithQuestionCount = staticStatement(
  (db: Db, _: undefined, [id]: readonly [number]) =>
    db
      .selectFrom('jobs')
      .selectAll('jobs')
      .select((eb) =>
        eb
          .selectFrom('questions')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('questions.job_id', '=', 'jobs.id')
          .as('question_count'),
      )
      .where('jobs.id', '=', id)
      .compile(),
);

export async function findJobWithQuestionCount(db: Db, jobId: number) {
  const statement = jobWithQuestionCount(db, undefined, [jobId]);
  const [found] = (await db.executeQuery(statement)).rows;
  return found;
}

/** The job's reviewer row of a person who accepted the company's invitation (decision 120). */
export function findAcceptedReviewer(
  db: Db,
  options: { jobId: number; userId: number },
) {
  return db
    .selectFrom('reviewers')
    .selectAll()
    .where('job_id', '=', options.jobId)
    .where('user_id', '=', options.userId)
    .where('account_status', '=', 1)
    .executeTakeFirst();
}

export async function listAssignedApplicationIds(
  db: Db,
  reviewerId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('reviewer_assignments')
    .select('application_id')
    .where('reviewer_id', '=', reviewerId)
    .execute();
  return rows.map((row) => row.application_id);
}
