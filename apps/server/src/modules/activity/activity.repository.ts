import type { Db } from '../../db/connection';

export type ActivityInput = {
  companyId: number;
  jobId?: number | null;
  applicationId?: number | null;
  userId?: number | null;
  /** What happened, e.g. 'job.published', 'application.invited'. */
  verb: string;
  /** What the readable entry needs (names, titles, counts), captured at the time. */
  data?: Record<string, unknown>;
};

/** Writes one activity entry; call it inside the transaction of the change it records. */
export function recordActivity(db: Db, input: ActivityInput): Promise<unknown> {
  return db
    .insertInto('activities')
    .values({
      company_id: input.companyId,
      job_id: input.jobId ?? null,
      application_id: input.applicationId ?? null,
      user_id: input.userId ?? null,
      verb: input.verb,
      data: JSON.stringify(input.data ?? {}),
    })
    .execute();
}

export function recordActivities(
  db: Db,
  inputs: ActivityInput[],
): Promise<unknown> {
  if (inputs.length === 0) return Promise.resolve();
  return db
    .insertInto('activities')
    .values(
      inputs.map((input) => ({
        company_id: input.companyId,
        job_id: input.jobId ?? null,
        application_id: input.applicationId ?? null,
        user_id: input.userId ?? null,
        verb: input.verb,
        data: JSON.stringify(input.data ?? {}),
      })),
    )
    .execute();
}
