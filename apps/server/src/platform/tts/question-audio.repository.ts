import type { Db } from '../../db/connection';

/** Remembers the rendered audio and the text it speaks, so the next reader skips the check. */
export async function setQuestionAudio(
  db: Db,
  options: { questionId: number; key: string; text: string },
): Promise<void> {
  await db
    .updateTable('questions')
    .set({ tts_key: options.key, tts_text: options.text })
    .where('id', '=', options.questionId)
    .execute();
}
