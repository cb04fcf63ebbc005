import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { requireMediaTool } from '../media/media-tools';
import { lastErrorLine, runProcess } from '../media/run-process';
import { PicoEngine } from './pico-engine';

export const SPEECH_ENGINE = 'SVOX Pico (pico2wave.js)';

/** Pico voices for the interview languages; the name is part of each cached file's key. */
const VOICES: Record<string, string> = {
  'en-gb': 'pico-en-GB',
  'fr-fr': 'pico-fr-FR',
};

export function voiceFor(language: string): string {
  return VOICES[language] ?? 'pico-en-GB';
}

// One render at a time, in one warm process: a render takes a core for a tenth of a second
// (after the process's start of one and a half) and the process about 250 MB. Cached files
// mean each question's text is spoken once.
const engine = new PicoEngine({ idleMs: 60_000, timeoutMs: 120_000 });
let queue: Promise<unknown> = Promise.resolve();

/**
 * Speaks `text` with Pico and encodes it as a small mono MP3 (plays in every browser).
 * `delayMs` (tests only) holds each render in its turn, as a slow engine would.
 */
export function renderSpeech(
  text: string,
  voice: string,
  delayMs = 0,
): Promise<Buffer> {
  const rendered = queue.then(async () => {
    if (delayMs > 0) await setTimeout(delayMs);
    return renderNow(text, voice);
  });
  queue = rendered.catch(() => {});
  return rendered;
}

async function renderNow(text: string, voice: string): Promise<Buffer> {
  const workDir = await mkdtemp(join(tmpdir(), 'candor-speech-'));
  try {
    const wav = join(workDir, 'speech.wav');
    await engine.speak(text, voice.replace(/^pico-/, ''), wav);
    const mp3 = join(workDir, 'speech.mp3');
    const encoded = await runProcess(
      requireMediaTool('ffmpeg'),
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
        ...['-i', wav, '-ac', '1', '-codec:a', 'libmp3lame', '-b:a', '48k'],
        mp3,
      ],
      { timeoutMs: 60_000 },
    );
    if (encoded.code !== 0) {
      throw new Error(
        `Speech encoding failed (ffmpeg ${encoded.code}): ${lastErrorLine(encoded.stderr)}`,
      );
    }
    return await readFile(mp3);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
