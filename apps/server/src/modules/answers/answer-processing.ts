import { answerProgress } from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import type { Answer } from '../../db/schema';
import { AppError } from '../../platform/http/errors';
import { MediaError, transcodeStoredVideo } from '../../platform/media';
import {
  PermanentTaskError,
  defineTaskHandler,
} from '../../platform/tasks/task-handler';
import { outputPrefixFor } from '../../platform/storage/answer-keys';
import { enqueueTask } from '../../platform/tasks/tasks.repository';
import { countQuestions } from '../jobs/job-edit-facts.repository';
import {
  countArrivedAnswers,
  findAnswerApplicationId,
  findAnswerById,
  findApplicationProgress,
  lockAnswerUpload,
  markAnswerFailed,
  markAnswerProcessing,
  markAnswerReady,
  updateApplicationProgress,
} from './answers.repository';

export const ANSWER_TRANSCODE_TASK = 'answer.transcode';

export type AnswerProgressResult = {
  answerCount: number;
  complete: boolean;
  respondedNow: boolean;
};

/**
 * Keeps the application's answer_count and status (6 while incomplete) in step with its
 * answers, and sets responded_at the first time every question has one.
 */
export async function refreshAnswerProgress(
  db: Db,
  applicationId: number,
): Promise<AnswerProgressResult> {
  const application = await findApplicationProgress(db, applicationId);
  const questionCount = await countQuestions(db, application.job_id);
  const answerCount = await countArrivedAnswers(db, applicationId);
  const { status, complete } = answerProgress({
    answerCount,
    questionCount,
  });
  const respondedNow = complete && application.responded_at === null;
  await updateApplicationProgress(db, {
    applicationId,
    answerCount,
    status,
    respondedNow,
  });
  return { answerCount, complete, respondedNow };
}

/**
 * Accepts an uploaded take: the object must be in storage and within the size limit. In one
 * transaction the answer becomes 'processing', its transcode task is queued and the
 * application's progress moves on. Calling it again for the same take changes nothing.
 */
export async function completeAnswerUpload(
  ctx: AppContext,
  answer: Answer,
  options: {
    maxBytes: number;
    /** More of the same change, in its transaction (the take is marked complete). */
    inTransaction?: (db: Db) => Promise<void>;
    onResponded?: (db: Db) => Promise<void>;
  },
): Promise<{ answer: Answer; progress: AnswerProgressResult | null }> {
  if (answer.status !== 'uploading' || !answer.original_key)
    return { answer, progress: null };
  const size = await ctx.storage.size(answer.original_key);
  if (size === null || size === 0) {
    throw new AppError(
      'conflict',
      'The recording has not arrived yet. Please try the upload again.',
    );
  }
  if (size > options.maxBytes) {
    await ctx.storage.delete(answer.original_key);
    throw new AppError('too_large', 'The recording is too large to upload.');
  }
  const originalKey = answer.original_key;
  const progress = await ctx.db.transaction().execute(async (trx) => {
    // Re-read under the transaction: a concurrent call (the upload hook) may have won.
    const current = await lockAnswerUpload(trx, answer.id);
    if (current?.status !== 'uploading' || current.original_key !== originalKey)
      return null;
    await markAnswerProcessing(trx, answer.id);
    await options.inTransaction?.(trx);
    await enqueueTask(trx, {
      kind: ANSWER_TRANSCODE_TASK,
      payload: { answerId: answer.id, originalKey },
    });
    const result = await refreshAnswerProgress(trx, answer.application_id);
    if (result.respondedNow && options.onResponded)
      await options.onResponded(trx);
    return result;
  });
  const updated = await findAnswerById(ctx.db, answer.id);
  return { answer: updated ?? answer, progress };
}

async function failAnswer(
  ctx: AppContext,
  answerId: number,
  originalKey: string,
  reason: string,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const answer = await findAnswerApplicationId(trx, answerId);
    if (!answer) return;
    if (await markAnswerFailed(trx, { answerId, originalKey, reason })) {
      await refreshAnswerProgress(trx, answer.application_id);
    }
  });
}

/**
 * Transcodes one take. A file that is not a usable video marks the answer failed with the
 * reason (the interviewee is asked to record again) and fails the task at once; other errors
 * (storage down, say) are retried by the queue, and the answer fails only when it gives up.
 */
export const answerTranscodeTask = defineTaskHandler({
  kind: ANSWER_TRANSCODE_TASK,
  payload: z.object({ answerId: z.number().int(), originalKey: z.string() }),
  async run(ctx, { answerId, originalKey }) {
    const answer = await findAnswerById(ctx.db, answerId);
    // Deleted, or re-recorded since: the newer take has its own task.
    if (answer?.original_key !== originalKey) return;
    try {
      const result = await transcodeStoredVideo(ctx.storage, {
        originalKey,
        targetPrefix: outputPrefixFor(originalKey),
      });
      if (
        !(await markAnswerReady(ctx.db, { answerId, originalKey, ...result }))
      )
        // Erased or recorded again while it was transcoded: nothing points at the new files,
        // so they go now rather than with the orphan sweep hours later.
        await Promise.all([
          ctx.storage.delete(result.videoKey),
          ctx.storage.delete(result.thumbnailKey),
        ]);
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
      const reason = error.detail
        ? `${error.message} (${error.detail})`
        : error.message;
      await failAnswer(ctx, answerId, originalKey, error.message);
      throw new PermanentTaskError(reason);
    }
  },
  async onGiveUp(ctx, { answerId, originalKey }, reason) {
    const answer = await findAnswerById(ctx.db, answerId);
    if (answer?.status === 'processing') {
      await failAnswer(
        ctx,
        answerId,
        originalKey,
        `The recording could not be processed: ${reason}`,
      );
    }
  },
});
