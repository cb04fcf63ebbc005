import type { Db } from './connection';

// Read by the e-mails and the texts about an interview alike ([QUESTION COUNT], [DURATION]);
// here, below both, so that neither feature imports the other.
/** How many questions the job has and how long answering them all takes, in seconds. */
export function findJobTiming(db: Db, jobId: number) {
  return db
    .selectFrom('questions')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb('thinking_time', '+', eb.ref('time_limit'))),
          eb.lit(0),
        )
        .as('seconds'),
    ])
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();
}
