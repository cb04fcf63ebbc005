import { spawn } from 'node:child_process';
import { FFMPEG_PATH } from '../media/run-process';

/** Debian's espeak-ng program; GPL-3.0, run as a separate process (docs/decisions/020-text-to-speech.md). */
export const ESPEAK_PATH = '/usr/bin/espeak-ng';

/** espeak-ng voices for the interview languages. */
const VOICES: Record<string, string> = { 'en-gb': 'en-gb', 'fr-fr': 'fr-fr' };

export function voiceFor(language: string): string {
  return VOICES[language] ?? 'en-gb';
}

/**
 * Speaks `text` with espeak-ng and encodes it as a small mono MP3 (plays in every browser).
 * The text goes in on stdin, so nothing in it can be read as a command-line option.
 */
export async function renderSpeech(
  text: string,
  voice: string,
): Promise<Buffer> {
  const espeak = spawn(
    ESPEAK_PATH,
    ['-v', voice, '-s', '155', '--stdin', '--stdout'],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const ffmpeg = spawn(
    FFMPEG_PATH,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'wav',
      '-i',
      'pipe:0',
      '-ac',
      '1',
      '-codec:a',
      'libmp3lame',
      '-b:a',
      '48k',
      '-f',
      'mp3',
      'pipe:1',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  espeak.stdout.pipe(ffmpeg.stdin);
  espeak.stdin.end(text);
  const chunks: Buffer[] = [];
  let errors = '';
  ffmpeg.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  ffmpeg.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  espeak.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const [espeakCode, ffmpegCode] = await Promise.all([
    exitCode(espeak),
    exitCode(ffmpeg),
  ]);
  const audio = Buffer.concat(chunks);
  if (espeakCode !== 0 || ffmpegCode !== 0 || audio.length === 0) {
    throw new Error(
      `Speech rendering failed (espeak-ng ${espeakCode}, ffmpeg ${ffmpegCode}): ${errors.slice(-300)}`,
    );
  }
  return audio;
}

function exitCode(child: ReturnType<typeof spawn>): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
}
