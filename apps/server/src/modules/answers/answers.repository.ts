import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { ChoiceOption } from '@candor/domain';
import type { AnswerStatus } from '../../db/schema';

/** Answers that count as given: the recording arrived (processing) or plays (ready). */
export const ARRIVED_STATUSES: AnswerStatus[] = ['processing', 'ready'];

export function findAnswerById(db: Db, answerId: number) {
  return db
    .selectFrom('answers')
    .selectAll()
    .where('id', '=', answerId)
    .executeTakeFirst();
}

export function findAnswerForQuestion(
  db: Db,
  applicationId: number,
  questionId: number,
) {
  return db
    .selectFrom('answers')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('question_id', '=', questionId)
    .executeTakeFirst();
}

export function listApplicationAnswerStates(db: Db, applicationId: number) {
  return db
    .selectFrom('answers')
    .select(['question_id', 'status', 'failed_reason'])
    .where('application_id', '=', applicationId)
    .execute();
}

/** A new take: the row (one per application and question) points at the new original. */
export async function upsertUploadingAnswer(
  db: Db,
  values: {
    applicationId: number;
    questionId: number;
    questionText: string;
    order: number;
    thinkingTime: number;
    timeLimit: number;
    originalKey: string;
  },
) {
  const row = {
    question_text: values.questionText,
    order: values.order,
    thinking_time: values.thinkingTime,
    time_limit: values.timeLimit,
    status: 'uploading' as const,
    original_key: values.originalKey,
    video_key: null,
    thumbnail_key: null,
    duration_seconds: null,
    failed_reason: null,
    uploaded_at: null,
    transcoded_at: null,
  };
  return db
    .insertInto('answers')
    .values({
      application_id: values.applicationId,
      question_id: values.questionId,
      ...row,
    })
    .onConflict((conflict) =>
      conflict.columns(['application_id', 'question_id']).doUpdateSet(row),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function markAnswerProcessing(db: Db, answerId: number) {
  return db
    .updateTable('answers')
    .set({ status: 'processing', uploaded_at: new Date(), failed_reason: null })
    .where('id', '=', answerId)
    .execute();
}

/** Only if the answer still points at the original that was processed (no newer take). */
export async function markAnswerReady(
  db: Db,
  values: {
    answerId: number;
    originalKey: string;
    videoKey: string;
    thumbnailKey: string;
    durationSeconds: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('answers')
    .set({
      status: 'ready',
      video_key: values.videoKey,
      thumbnail_key: values.thumbnailKey,
      duration_seconds: values.durationSeconds,
      transcoded_at: new Date(),
      failed_reason: null,
    })
    .where('id', '=', values.answerId)
    .where('original_key', '=', values.originalKey)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markAnswerFailed(
  db: Db,
  values: { answerId: number; originalKey: string; reason: string },
): Promise<boolean> {
  const result = await db
    .updateTable('answers')
    .set({ status: 'failed', failed_reason: values.reason.slice(0, 500) })
    .where('id', '=', values.answerId)
    .where('original_key', '=', values.originalKey)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countArrivedAnswers(
  db: Db,
  applicationId: number,
): Promise<number> {
  const row = await db
    .selectFrom('answers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('application_id', '=', applicationId)
    .where('status', 'in', ARRIVED_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Answers of one job for reviewers, with whether the question still exists. `applicationIds`
 * limits a reviewer to their chosen interviewees (null: all of the job's).
 */
export function listJobAnswers(
  db: Db,
  options: {
    jobId: number;
    applicationId?: number | undefined;
    applicationIds: number[] | null;
    answerId?: number;
    limit: number;
    offset: number;
  },
) {
  return scopedAnswers(db, options)
    .leftJoin('questions', (join) =>
      join
        .onRef('questions.id', '=', 'answers.question_id')
        .onRef('questions.job_id', '=', 'applications.job_id'),
    )
    .selectAll('answers')
    .select(sql<boolean>`questions.id IS NULL`.as('removed'))
    .orderBy('answers.application_id')
    .orderBy('answers.order')
    .orderBy('answers.id')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

export async function countJobAnswers(
  db: Db,
  options: {
    jobId: number;
    applicationId?: number | undefined;
    applicationIds: number[] | null;
  },
): Promise<number> {
  const row = await scopedAnswers(db, options)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function scopedAnswers(
  db: Db,
  options: {
    jobId: number;
    applicationId?: number | undefined;
    applicationIds: number[] | null;
    answerId?: number;
  },
) {
  let query = db
    .selectFrom('answers')
    .innerJoin('applications', 'applications.id', 'answers.application_id')
    .where('applications.job_id', '=', options.jobId)
    // A take still uploading, or one that failed, is not an answer a reviewer can watch.
    .where('answers.status', 'in', ARRIVED_STATUSES);
  if (options.applicationId !== undefined) {
    query = query.where('answers.application_id', '=', options.applicationId);
  }
  if (options.answerId !== undefined)
    query = query.where('answers.id', '=', options.answerId);
  if (options.applicationIds !== null) {
    if (options.applicationIds.length === 0)
      return query.where(sql<boolean>`false`);
    query = query.where('answers.application_id', 'in', options.applicationIds);
  }
  return query;
}

export function findApplicationProgress(db: Db, applicationId: number) {
  return db
    .selectFrom('applications')
    .select(['id', 'job_id', 'responded_at'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
}

export async function updateApplicationProgress(
  db: Db,
  values: {
    applicationId: number;
    answerCount: number;
    status: number;
    /** Every question has its answer for the first time. */
    respondedNow: boolean;
  },
): Promise<void> {
  await db
    .updateTable('applications')
    .set({
      answer_count: values.answerCount,
      status: values.status,
      updated_at: new Date(),
      ...(values.respondedNow ? { responded_at: new Date() } : {}),
    })
    .where('id', '=', values.applicationId)
    .execute();
}

/** Locks the answer row until the transaction ends, reading what the upload check needs. */
export function lockAnswerUpload(db: Db, answerId: number) {
  return db
    .selectFrom('answers')
    .select(['status', 'original_key'])
    .where('id', '=', answerId)
    .forUpdate()
    .executeTakeFirst();
}

export function findAnswerApplicationId(db: Db, answerId: number) {
  return db
    .selectFrom('answers')
    .select('application_id')
    .where('id', '=', answerId)
    .executeTakeFirst();
}

/** What follows an application's last answer: its names, and its knockout answers. */
export function findRespondedApplication(db: Db, applicationId: number) {
  return db
    .selectFrom('applications')
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .select([
      'applications.id',
      'applications.job_id',
      'jobs.company_id',
      'jobs.knockout_action',
      'applications.first_name',
      'applications.last_name',
      'applications.knockout_question_ids',
      'applications.rejected',
    ])
    .where('applications.id', '=', applicationId)
    .executeTakeFirstOrThrow();
}

/** An answer typed or chosen (decision 192): saved whole, so it has arrived at once. */
export function insertTypedAnswer(
  db: Db,
  values: {
    applicationId: number;
    questionId: number;
    questionText: string;
    order: number;
    answerType: 'text' | 'choice';
    text: string | null;
    choices: ChoiceOption[] | null;
  },
) {
  const row = {
    question_text: values.questionText,
    order: values.order,
    thinking_time: null,
    time_limit: null,
    status: 'ready' as const,
    answer_type: values.answerType,
    text_answer: values.text,
    choices: values.choices === null ? null : JSON.stringify(values.choices),
    original_key: null,
    video_key: null,
    thumbnail_key: null,
    duration_seconds: null,
    failed_reason: null,
    uploaded_at: new Date(),
    transcoded_at: null,
  };
  return db
    .insertInto('answers')
    .values({
      application_id: values.applicationId,
      question_id: values.questionId,
      ...row,
    })
    .onConflict((conflict) =>
      conflict.columns(['application_id', 'question_id']).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** The chosen options of an application's answers, for its knockout questions. */
export function listApplicationChoices(db: Db, applicationId: number) {
  return db
    .selectFrom('answers')
    .select(['question_id', 'choices'])
    .where('application_id', '=', applicationId)
    .where('choices', 'is not', null)
    .orderBy('order')
    .execute();
}

export async function setKnockoutQuestions(
  db: Db,
  applicationId: number,
  questionIds: number[],
): Promise<void> {
  await db
    .updateTable('applications')
    .set({ knockout_question_ids: questionIds })
    .where('id', '=', applicationId)
    .execute();
}

/** Rejected by the interview's knockout rule, once the interviewee submitted (decision 192). */
export async function markRejectedAutomatically(
  db: Db,
  applicationId: number,
): Promise<void> {
  await db
    .updateTable('applications')
    .set({ rejected: true, rejected_at: new Date(), updated_at: new Date() })
    .where('id', '=', applicationId)
    .execute();
}

/** The questions as the interviewee was asked them, in the interview's order. */
export async function listAnsweredQuestionTexts(
  db: Db,
  options: { applicationId: number; questionIds: number[] },
): Promise<string[]> {
  if (options.questionIds.length === 0) return [];
  const rows = await db
    .selectFrom('answers')
    .select('question_text')
    .where('application_id', '=', options.applicationId)
    .where('question_id', 'in', options.questionIds)
    .orderBy('order')
    .execute();
  return rows.map((row) => row.question_text);
}
