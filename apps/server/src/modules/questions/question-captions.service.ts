import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  CaptionsError,
  captionsFromSpeech,
  parseWebVtt,
  toWebVtt,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import { AppError, notFound } from '../../platform/http/errors';
import { probeMedia } from '../../platform/media';
import { ensureQuestionAudio } from '../../platform/tts/question-audio';
import { setQuestionCaptions, type QuestionRow } from './questions.repository';

/**
 * A question's captions as WebVTT (issue 47, decision 199): a video question's as the company
 * saved them; a spoken one's made from its text over its speech's length, which nobody types.
 */
export async function readQuestionCaptions(
  ctx: AppContext,
  question: QuestionRow,
  language: string,
): Promise<string> {
  if (question.media === 'video') {
    if (question.captions_vtt === null)
      throw notFound('Captions for this question');
    return question.captions_vtt;
  }
  const key = await ensureQuestionAudio(ctx, question, language);
  const seconds = await storedDuration(ctx, key);
  return toWebVtt(captionsFromSpeech(question.text, seconds));
}

/** Saves a video question's captions, checked line by line; a spoken question's are made. */
export async function saveQuestionCaptions(
  ctx: AppContext,
  question: QuestionRow,
  source: string,
): Promise<string> {
  if (question.media !== 'video')
    throw new AppError(
      'conflict',
      'A spoken question’s captions are made from its text: edit the question instead.',
    );
  let vtt: string;
  try {
    vtt = toWebVtt(parseWebVtt(source));
  } catch (error) {
    if (!(error instanceof CaptionsError)) throw error;
    throw new AppError('bad_request', error.message, {
      captions: [error.message],
    });
  }
  await setQuestionCaptions(ctx.db, question.id, vtt);
  return vtt;
}

/** The length of a stored recording in seconds, as ffprobe reads it from a copy on disk. */
async function storedDuration(ctx: AppContext, key: string): Promise<number> {
  const folder = await mkdtemp(join(tmpdir(), 'candor-captions-'));
  try {
    const file = join(folder, 'speech.mp3');
    const stored = await ctx.storage.read(key);
    await pipeline(stored.stream, createWriteStream(file));
    return (await probeMedia(file)).durationSeconds ?? 0;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
