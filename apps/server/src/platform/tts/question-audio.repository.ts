import type { Db } from '../../db/connection';

/**
 * Remembers the rendered audio and the text it speaks, so the next reader skips the check,
 * and forgets an earlier render's failure.
 */
export async function setQuestionAudio(
  db: Db,
  options: { questionId: number; key: string; text: string },
): Promise<void> {
  await db
    .updateTable('questions')
    .set({ tts_key: options.key, tts_text: options.text, tts_error: null })
    .where('id', '=', options.questionId)
    .execute();
}

/** Why the question's last render failed, for the author's warning. */
export async function setQuestionSpeechError(
  db: Db,
  options: { questionId: number; error: string },
): Promise<void> {
  await db
    .updateTable('questions')
    .set({ tts_error: options.error.slice(0, 500) })
    .where('id', '=', options.questionId)
    .execute();
}

/** A spoken question with its interview's language; undefined if gone or now a video question. */
export function findSpokenQuestion(db: Db, questionId: number) {
  return db
    .selectFrom('questions')
    .innerJoin('jobs', 'jobs.id', 'questions.job_id')
    .select([
      'questions.id',
      'questions.text',
      'questions.tts_key',
      'questions.tts_error',
      'jobs.language',
    ])
    .where('questions.id', '=', questionId)
    .where('questions.media', '=', 'tts')
    .executeTakeFirst();
}

/** The spoken questions of an interview, to render them all (published, copied, language changed). */
export async function listSpokenQuestionIds(
  db: Db,
  jobId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('questions')
    .select('id')
    .where('job_id', '=', jobId)
    .where('media', '=', 'tts')
    .orderBy('order')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
