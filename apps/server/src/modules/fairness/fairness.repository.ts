import type { Db } from '../../db/connection';

/** Saves an interviewee's answers; a second answer replaces the first. */
export async function upsertSurveyAnswers(
  db: Db,
  row: {
    handle: string;
    companyId: number;
    jobId: number;
    answers: Record<string, string>;
  },
): Promise<void> {
  const answers = JSON.stringify(row.answers);
  await db
    .insertInto('equal_opportunity_answers')
    .values({
      handle: row.handle,
      company_id: row.companyId,
      job_id: row.jobId,
      answers,
    })
    .onConflict((oc) => oc.column('handle').doUpdateSet({ answers }))
    .execute();
}

export async function deleteSurveyAnswers(
  db: Db,
  handles: readonly string[],
): Promise<void> {
  if (handles.length === 0) return;
  await db
    .deleteFrom('equal_opportunity_answers')
    .where('handle', 'in', handles)
    .execute();
}

type Scope = { companyId: number; jobId?: number };

/** The answers of one company, or of one of its interviews, in no particular order. */
export function listSurveyAnswers(db: Db, scope: Scope) {
  let query = db
    .selectFrom('equal_opportunity_answers')
    .select(['handle', 'answers'])
    .where('company_id', '=', scope.companyId);
  if (scope.jobId !== undefined)
    query = query.where('job_id', '=', scope.jobId);
  return query.execute();
}

/** The interviewees who responded, and whether they were shortlisted. */
export function listRespondents(db: Db, scope: Scope) {
  let query = db
    .selectFrom('applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select(['a.id', 'a.shortlisted'])
    .where('j.company_id', '=', scope.companyId)
    .where('a.responded_at', 'is not', null);
  if (scope.jobId !== undefined)
    query = query.where('a.job_id', '=', scope.jobId);
  return query.execute();
}

export function findCompanyJob(db: Db, companyId: number, jobId: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'title'])
    .where('company_id', '=', companyId)
    .where('id', '=', jobId)
    .executeTakeFirst();
}

/** The company's survey settings, by the company of an interview. */
export async function findSurveySettings(db: Db, companyId: number) {
  const row = await db
    .selectFrom('companies')
    .select(['survey_enabled', 'survey_categories'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row ?? { survey_enabled: false, survey_categories: [] };
}
