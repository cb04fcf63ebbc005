import { z } from 'zod';
import type { Db } from '../../db/connection';
import { defineTaskHandler } from '../tasks/task-handler';
import { enqueueTask } from '../tasks/tasks.repository';
import { ensureQuestionAudio } from './question-audio';
import {
  findSpokenQuestion,
  listSpokenQuestionIds,
  setQuestionSpeechError,
} from './question-audio.repository';

const QUESTION_SPEECH = 'question-speech';

/**
 * Renders a spoken question's audio ahead of its first listener (decision 175). It reads the
 * question when it runs, so a task queued before a later change renders the latest text, and
 * one whose audio is there already only checks it.
 */
export const questionSpeechTask = defineTaskHandler({
  kind: QUESTION_SPEECH,
  payload: z.object({ question: z.number().int() }),
  async run(ctx, { question: questionId }) {
    const question = await findSpokenQuestion(ctx.db, questionId);
    if (!question) return;
    try {
      await ensureQuestionAudio(ctx, question, question.language);
    } catch (error) {
      // The author sees the warning while the task is tried again with back-off.
      await setQuestionSpeechError(ctx.db, {
        questionId,
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
  },
});

/** Queues the renders with the transaction that saved the questions. */
export async function queueQuestionSpeech(
  db: Db,
  questionIds: number[],
): Promise<void> {
  for (const question of questionIds)
    await enqueueTask(db, { kind: QUESTION_SPEECH, payload: { question } });
}

/** Every spoken question of an interview: on publishing, copying or a change of language. */
export async function queueInterviewSpeech(
  db: Db,
  jobId: number,
): Promise<void> {
  await queueQuestionSpeech(db, await listSpokenQuestionIds(db, jobId));
}
