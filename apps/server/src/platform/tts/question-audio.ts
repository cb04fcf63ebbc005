import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection';
import type { Storage } from '../storage/storage';
import { setQuestionAudio } from './question-audio.repository';
import { renderSpeech, voiceFor } from './speech';

export type QuestionAudioSource = {
  id: number;
  text: string;
  tts_key: string | null;
};

/**
 * The storage key of a question's spoken audio, rendered on first use and cached. The key is
 * a hash of voice and text, so changed text renders again and identical questions (a copied
 * template, say) share one file. Interviewee pages call this too, through their own token.
 */
export async function ensureQuestionAudio(
  ctx: { db: Db; storage: Storage },
  question: QuestionAudioSource,
  language: string,
): Promise<string> {
  const voice = voiceFor(language);
  const key = audioKey(question.text, voice);
  if ((await ctx.storage.size(key)) === null) {
    await renderOnce(key, async () => {
      const audio = await renderSpeech(question.text, voice);
      await ctx.storage.put(key, audio, 'audio/mpeg');
    });
  }
  if (question.tts_key !== key) {
    await setQuestionAudio(ctx.db, {
      questionId: question.id,
      key,
      text: question.text,
    });
  }
  return key;
}

// Renders under way by key: people opening the same new question at once share one render.
const rendering = new Map<string, Promise<void>>();

function renderOnce(key: string, render: () => Promise<void>): Promise<void> {
  let running = rendering.get(key);
  if (!running) {
    running = render().finally(() => rendering.delete(key));
    rendering.set(key, running);
  }
  return running;
}

export function audioKey(text: string, voice: string): string {
  const hash = createHash('sha256').update(`${voice}\n${text}`).digest('hex');
  return `tts/${voice}/${hash}.mp3`;
}
