import {
  assignOptionIds,
  MAX_QUESTIONS_PER_JOB,
  MOTIVATION_COMPETENCY,
  questionEditConflict,
  questionFieldErrors,
  questionListConflict,
  type ChoiceOption,
  type Question,
  type QuestionInput,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import type { Job } from '../../db/schema';
import type { SessionUser } from '../../platform/auth/session';
import { isQuestionAudioReady } from '../../platform/tts/question-audio';
import { AppError, fieldError, notFound } from '../../platform/http/errors';
import { emit } from '../../platform/events/emit';
import { competencyExists } from '../competencies/competencies.repository';
import {
  countQuestions,
  findJobEditFacts,
} from '../jobs/job-edit-facts.repository';
import { isUsableVideo } from '../jobs/jobs.repository';
import {
  deleteQuestion,
  findQuestionRow,
  insertQuestion,
  listQuestionIds,
  updateQuestion,
  writeOrder,
  type QuestionRow,
} from './questions.repository';

export const questionUrl = (jobId: number, questionId: number) =>
  `/api/jobs/${jobId}/questions/${questionId}`;

export async function toQuestionReply(
  ctx: AppContext,
  row: QuestionRow,
): Promise<Question> {
  const [url, thumbnail] = await Promise.all([
    row.video_key ? ctx.storage.downloadUrl(row.video_key) : null,
    row.thumbnail_key ? ctx.storage.downloadUrl(row.thumbnail_key) : null,
  ]);
  return {
    id: row.id,
    job: row.job_id,
    text: row.text,
    thinking_time: row.thinking_time,
    time_limit: row.time_limit,
    competency: row.competency,
    competency_name:
      row.competency === MOTIVATION_COMPETENCY
        ? 'Motivation'
        : (row.competency_name ?? ''),
    review_competency: row.review_competency,
    review_competency_name: row.review_competency_name,
    order: row.order,
    media: row.media,
    answer_type: row.answer_type,
    max_characters: row.max_characters,
    options: row.options,
    multiple: row.multiple,
    speech_status: speechStatusOf(row),
    has_captions: row.media !== 'video' || row.captions_vtt !== null,
    video_id: row.video_id,
    video: row.video_id !== null ? { id: row.video_id, url, thumbnail } : null,
    url: questionUrl(row.job_id, row.id),
  };
}

/** How the spoken audio stands, for the author's warning; null for a video question. */
function speechStatusOf(row: QuestionRow): Question['speech_status'] {
  if (row.media !== 'tts') return null;
  if (isQuestionAudioReady(row, row.job_language)) return 'ready';
  return row.tts_error === null ? 'rendering' : 'failed';
}

export async function requireQuestion(
  ctx: AppContext,
  jobId: number,
  questionId: number,
): Promise<QuestionRow> {
  const row = await findQuestionRow(ctx.db, jobId, questionId);
  if (!row) throw notFound('This question');
  return row;
}

/** The checks that need the database and the job's rating style (spec section 5). */
async function checkQuestion(
  ctx: AppContext,
  job: Job,
  input: QuestionInput,
): Promise<void> {
  const errors = questionFieldErrors(input, job.rating_style);
  const [field, message] = Object.entries(errors)[0] ?? [];
  if (field && message) throw fieldError(field, message);
  if (
    input.competency !== MOTIVATION_COMPETENCY &&
    !(await competencyExists(ctx.db, input.competency))
  ) {
    throw fieldError('competency', 'Choose one of the competencies');
  }
  if (
    input.review_competency !== null &&
    !(await competencyExists(ctx.db, input.review_competency))
  ) {
    throw fieldError('review_competency', 'Choose one of the competencies');
  }
  if (
    input.media === 'video' &&
    input.video_id !== null &&
    !(await isUsableVideo(ctx.db, job.company_id, input.video_id))
  ) {
    throw fieldError(
      'video_id',
      'Choose a video from your library or the stock videos',
    );
  }
}

/**
 * Once someone has answered, the list of questions stays as they met it (decision 138):
 * 409 with the reason.
 */
async function requireOpenQuestionList(db: Db, job: Job): Promise<void> {
  const refusal = questionListConflict(await findJobEditFacts(db, job.id));
  if (refusal) throw new AppError('conflict', refusal);
}

/**
 * A spoken question keeps no video; a video question keeps its chosen video. A choice
 * question's options keep the ids answers name; new ones take the next (decision 192).
 */
function storedValues(
  input: QuestionInput,
  existingOptions: readonly ChoiceOption[],
) {
  const options = assignOptionIds(existingOptions, input.options);
  if ('unknownId' in options)
    throw fieldError('options', 'One of these options is not this question’s');
  return {
    text: input.text,
    thinking_time: input.thinking_time,
    time_limit: input.time_limit,
    competency: input.competency,
    review_competency: input.review_competency,
    media: input.media,
    video_id: input.media === 'video' ? input.video_id : null,
    answer_type: input.answer_type,
    max_characters: input.max_characters,
    options,
    multiple: input.multiple,
  };
}

export async function addQuestion(
  ctx: AppContext,
  user: SessionUser,
  job: Job,
  input: QuestionInput,
): Promise<number> {
  await checkQuestion(ctx, job, input);
  return ctx.db.transaction().execute(async (trx) => {
    await requireOpenQuestionList(trx, job);
    if ((await countQuestions(trx, job.id)) >= MAX_QUESTIONS_PER_JOB) {
      throw new AppError(
        'bad_request',
        `An interview can have at most ${MAX_QUESTIONS_PER_JOB} questions.`,
      );
    }
    const { options, ...values } = storedValues(input, []);
    const { id } = await insertQuestion(trx, {
      job_id: job.id,
      ...values,
      options: JSON.stringify(options),
    });
    await emit(trx, {
      companyId: job.company_id,
      jobId: job.id,
      userId: user.id,
      type: 'question.added',
      data: { title: job.title, question: input.text, question_id: id },
    });
    return id;
  });
}

export async function changeQuestion(
  ctx: AppContext,
  user: SessionUser,
  job: Job,
  question: QuestionRow,
  input: QuestionInput,
): Promise<void> {
  await checkQuestion(ctx, job, input);
  await ctx.db.transaction().execute(async (trx) => {
    // Wording and media stay open: answers keep the text they were asked (decision 021).
    const { options, ...values } = storedValues(input, question.options);
    const conflict = questionEditConflict(
      question,
      { ...values, options },
      await findJobEditFacts(trx, job.id),
    );
    if (conflict)
      throw new AppError('conflict', conflict.message, {
        [conflict.field]: [conflict.message],
      });
    // Changed text keeps the old audio key until the worker has rendered the new text.
    await updateQuestion(trx, question.id, {
      ...values,
      options: JSON.stringify(options),
    });
    await emit(trx, {
      companyId: job.company_id,
      jobId: job.id,
      userId: user.id,
      type: 'question.updated',
      data: {
        title: job.title,
        question: input.text,
        question_id: question.id,
      },
    });
  });
}

export async function removeQuestion(
  ctx: AppContext,
  user: SessionUser,
  job: Job,
  question: QuestionRow,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await requireOpenQuestionList(trx, job);
    await deleteQuestion(trx, question.id);
    await writeOrder(trx, job.id, await listQuestionIds(trx, job.id));
    await emit(trx, {
      companyId: job.company_id,
      jobId: job.id,
      userId: user.id,
      type: 'question.deleted',
      data: { title: job.title, question: question.text },
    });
  });
}

/** `ids` must name every question of the job exactly once. */
export async function reorderQuestions(
  ctx: AppContext,
  user: SessionUser,
  job: Job,
  ids: number[],
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await listQuestionIds(trx, job.id);
    const same =
      ids.length === current.length &&
      new Set(ids).size === ids.length &&
      ids.every((id) => current.includes(id));
    if (!same)
      throw fieldError(
        'ids',
        'The new order must list every question of this interview once.',
      );
    if (ids.every((id, index) => current[index] === id)) return;
    await requireOpenQuestionList(trx, job);
    await writeOrder(trx, job.id, ids);
    await emit(trx, {
      companyId: job.company_id,
      jobId: job.id,
      userId: user.id,
      type: 'questions.reordered',
      data: { title: job.title },
    });
  });
}
