import type { Db } from '../../db/connection';

/** The company's published interviews: Greenhouse's tests. */
export function listPublishedJobs(db: Db, companyId: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'title'])
    .where('company_id', '=', companyId)
    .where('status', '=', 'Published')
    .orderBy('id')
    .execute();
}

/** One of the company's interviews; another company's is not found. */
export function findCompanyJob(
  db: Db,
  options: { companyId: number; jobId: number },
) {
  return db
    .selectFrom('jobs')
    .select(['id', 'title', 'status'])
    .where('company_id', '=', options.companyId)
    .where('id', '=', options.jobId)
    .executeTakeFirst();
}

export function findTestFor(
  db: Db,
  options: { companyId: number; jobId: number; greenhouseApplication: string },
) {
  return db
    .selectFrom('greenhouse_tests')
    .select(['partner_interview_id', 'application_id'])
    .where('company_id', '=', options.companyId)
    .where('job_id', '=', options.jobId)
    .where('greenhouse_application', '=', options.greenhouseApplication)
    .executeTakeFirst();
}

/**
 * Records the test before anything is sent. Null when the same Greenhouse application and
 * interview already has one: the unique index decides, so two servers sending the same call
 * at once create one test and one invitation.
 */
export async function claimTest(
  db: Db,
  values: {
    partnerInterviewId: string;
    companyId: number;
    jobId: number;
    greenhouseApplication: string;
    callbackUrl: string | null;
  },
): Promise<boolean> {
  const row = await db
    .insertInto('greenhouse_tests')
    .values({
      partner_interview_id: values.partnerInterviewId,
      company_id: values.companyId,
      job_id: values.jobId,
      greenhouse_application: values.greenhouseApplication,
      callback_url: values.callbackUrl,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['company_id', 'greenhouse_application', 'job_id'])
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseTest(
  db: Db,
  partnerInterviewId: string,
): Promise<void> {
  await db
    .deleteFrom('greenhouse_tests')
    .where('partner_interview_id', '=', partnerInterviewId)
    .execute();
}

/** Links the test to its interviewee, tagged as come from Greenhouse. */
export async function linkTest(
  db: Db,
  options: { partnerInterviewId: string; applicationId: number },
): Promise<void> {
  await db
    .updateTable('greenhouse_tests')
    .set({ application_id: options.applicationId })
    .where('partner_interview_id', '=', options.partnerInterviewId)
    .execute();
  await db
    .updateTable('applications')
    .set({ source: 'greenhouse' })
    .where('id', '=', options.applicationId)
    .execute();
}

export async function wasInvited(
  db: Db,
  applicationId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('applications')
    .select('invited_at')
    .where('id', '=', applicationId)
    .executeTakeFirst();
  return row?.invited_at != null;
}

/** An interviewee Greenhouse added, until they are deleted or erased. */
export async function deleteApplication(
  db: Db,
  applicationId: number,
): Promise<void> {
  await db.deleteFrom('applications').where('id', '=', applicationId).execute();
}

/** The company's test and its interviewee; undefined once they are gone. */
export function findTestStatus(
  db: Db,
  options: { companyId: number; partnerInterviewId: string },
) {
  return db
    .selectFrom('greenhouse_tests as t')
    .innerJoin('applications as a', 'a.id', 't.application_id')
    .innerJoin('jobs as j', 'j.id', 't.job_id')
    .select([
      't.job_id',
      't.application_id',
      'j.title',
      'a.invited_at',
      'a.started_at',
      'a.responded_at',
      'a.declined_at',
      'a.deadline',
      'a.invitation_failed',
      'a.review_average',
      'a.review_count',
    ])
    .where('t.company_id', '=', options.companyId)
    .where('t.partner_interview_id', '=', options.partnerInterviewId)
    .executeTakeFirst();
}

/** The test of an interviewee with a callback URL, and the company's live key. */
export function findCallbackTarget(db: Db, applicationId: number) {
  return db
    .selectFrom('greenhouse_tests as t')
    .innerJoin('integration_keys as k', (join) =>
      join
        .onRef('k.company_id', '=', 't.company_id')
        .on('k.provider', '=', 'greenhouse')
        .on('k.revoked_at', 'is', null),
    )
    .select([
      't.partner_interview_id',
      't.callback_url',
      't.company_id',
      'k.id as key_id',
      'k.send_ratings',
    ])
    .where('t.application_id', '=', applicationId)
    .where('t.callback_url', 'is not', null)
    .executeTakeFirst();
}
