import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection';
import type { Storage } from '../storage/storage';
import { setQuestionAudio } from './question-audio.repository';
import { renderSpeech, voiceFor } from './speech';

export type QuestionAudioSource = {
  id: number;
  text: string;
  tts_key: string | null;
  tts_error: string | null;
};

type SpeechContext = {
  db: Db;
  storage: Storage;
  config: { speechTestDelayMs: number };
};

/**
 * The storage key of a question's spoken audio, rendered if it is not there yet and cached.
 * The worker renders each question ahead when it is saved (question-speech.task.ts), so this
 * renders only when a page asks before the worker got to it. The key is a hash of voice and
 * text, so changed text renders again and identical questions (a copied template, say) share
 * one file.
 */
export async function ensureQuestionAudio(
  ctx: SpeechContext,
  question: QuestionAudioSource,
  language: string,
): Promise<string> {
  const voice = voiceFor(language);
  const key = audioKey(question.text, voice);
  if ((await ctx.storage.size(key)) === null) {
    await renderOnce(key, async () => {
      const audio = await renderSpeech(
        question.text,
        voice,
        ctx.config.speechTestDelayMs,
      );
      await ctx.storage.put(key, audio, 'audio/mpeg');
    });
  }
  if (question.tts_key !== key || question.tts_error !== null) {
    await setQuestionAudio(ctx.db, {
      questionId: question.id,
      key,
      text: question.text,
    });
  }
  return key;
}

/** Whether the question's audio for its current text and language is rendered. */
export function isQuestionAudioReady(
  question: Pick<QuestionAudioSource, 'text' | 'tts_key'>,
  language: string,
): boolean {
  return question.tts_key === audioKey(question.text, voiceFor(language));
}

// Renders under way by key in this process: a page and the worker asking for the same new
// question at once share one render. Only a saving: another process may render it too, and
// both write the same bytes to the same key.
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
