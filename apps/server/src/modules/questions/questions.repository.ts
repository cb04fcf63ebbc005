import type { BankQuestionQuery } from '@candor/domain';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { QuestionsTable } from '../../db/schema';

function selectQuestions(db: Db) {
  return db
    .selectFrom('questions')
    .innerJoin('jobs', 'jobs.id', 'questions.job_id')
    .leftJoin('competencies as c', 'c.id', 'questions.competency')
    .leftJoin('competencies as rc', 'rc.id', 'questions.review_competency')
    .leftJoin('videos', 'videos.id', 'questions.video_id')
    .selectAll('questions')
    .select([
      'c.name as competency_name',
      'rc.name as review_competency_name',
      'videos.video_key',
      'videos.thumbnail_key',
      'jobs.language as job_language',
    ]);
}

export type QuestionRow = Awaited<ReturnType<typeof listQuestionRows>>[number];

export function listQuestionRows(db: Db, jobId: number) {
  return selectQuestions(db)
    .where('questions.job_id', '=', jobId)
    .orderBy('questions.order')
    .orderBy('questions.id')
    .execute();
}

export function findQuestionRow(db: Db, jobId: number, questionId: number) {
  return selectQuestions(db)
    .where('questions.job_id', '=', jobId)
    .where('questions.id', '=', questionId)
    .executeTakeFirst();
}

/** New questions go last. */
export async function insertQuestion(
  db: Db,
  values: Omit<Insertable<QuestionsTable>, 'order'>,
) {
  const last = await db
    .selectFrom('questions')
    .select((eb) => eb.fn.max('order').as('max'))
    .where('job_id', '=', values.job_id)
    .executeTakeFirst();
  const order =
    last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  return db
    .insertInto('questions')
    .values({ ...values, order })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function setQuestionCaptions(
  db: Db,
  questionId: number,
  vtt: string | null,
): Promise<void> {
  await db
    .updateTable('questions')
    .set({ captions_vtt: vtt })
    .where('id', '=', questionId)
    .execute();
}

export function updateQuestion(
  db: Db,
  questionId: number,
  values: Updateable<QuestionsTable>,
) {
  return db
    .updateTable('questions')
    .set(values)
    .where('id', '=', questionId)
    .execute();
}

export function deleteQuestion(db: Db, questionId: number) {
  return db.deleteFrom('questions').where('id', '=', questionId).execute();
}

/** Writes `order` 0..n-1 following `ids`. */
export async function writeOrder(
  db: Db,
  jobId: number,
  ids: number[],
): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable('questions')
      .set({ order: index })
      .where('id', '=', id)
      .where('job_id', '=', jobId)
      .execute();
  }
}

export async function listQuestionIds(
  db: Db,
  jobId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('questions')
    .select('id')
    .where('job_id', '=', jobId)
    .orderBy('order')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The bank is small (tens of entries): entries for any function/role ('') plus those of the given function and role. */
export function listBankQuestions(db: Db, query: BankQuestionQuery) {
  let select = db
    .selectFrom('bank_questions')
    .leftJoin('competencies', 'competencies.id', 'bank_questions.competency')
    .selectAll('bank_questions')
    .select('competencies.name as competency_name');
  if (query.competency !== undefined)
    select = select.where('bank_questions.competency', '=', query.competency);
  if (query.function)
    select = select.where('bank_questions.function', 'in', [
      '',
      query.function,
    ]);
  if (query.role)
    select = select.where('bank_questions.role', 'in', ['', query.role]);
  return select
    .orderBy('bank_questions.competency')
    .orderBy('bank_questions.id')
    .execute();
}
