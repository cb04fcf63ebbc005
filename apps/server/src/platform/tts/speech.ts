import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { requireMediaTool } from '../media/media-tools';
import { lastErrorLine, runProcess } from '../media/run-process';

/**
 * SVOX Pico compiled to JavaScript (pico2wave.js, Apache-2.0; its voice data carries SVOX's
 * terms): English and French voices inside the npm package, no system program needed
 * (docs/decisions/122-speech-with-svox-pico.md).
 */
const PICO_SCRIPT = createRequire(import.meta.url).resolve('pico2wave.js');

export const SPEECH_ENGINE = 'SVOX Pico (pico2wave.js)';

/** Pico voices for the interview languages; the name is part of each cached file's key. */
const VOICES: Record<string, string> = {
  'en-gb': 'pico-en-GB',
  'fr-fr': 'pico-fr-FR',
};

export function voiceFor(language: string): string {
  return VOICES[language] ?? 'pico-en-GB';
}

/**
 * Runs inside its own Node process: pico2wave.js ends the process it runs in when it is done
 * (and on any error), so it never runs inside the server. It writes the WAV to its in-memory
 * file system, which is copied out as the process exits. The text comes on stdin and follows
 * `--`, so nothing in it can be read as an option.
 */
const RUNNER = `
const fs = require('node:fs');
const [script, lang, out] = process.argv.slice(1);
const pico = {
  arguments: ['--wave=/speech.wav', '--lang=' + lang, '--', fs.readFileSync(0, 'utf8')],
  print() {},
  printErr: (line) => process.stderr.write(String(line).slice(0, 300) + '\\n'),
};
process.on('exit', (code) => {
  if (code !== 0) return;
  try {
    fs.writeFileSync(out, pico.FS.readFile('/speech.wav'));
  } catch (error) {
    process.stderr.write('No speech was written: ' + error.message + '\\n');
    process.exitCode = 1;
  }
});
require(script)(pico);
`;

// One render at a time: each takes a core for one to four seconds and about 300 MB while it
// runs. Cached files mean each question's text is spoken once.
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
    const spoken = await runProcess(
      process.execPath,
      ['-e', RUNNER, PICO_SCRIPT, voice.replace(/^pico-/, ''), wav],
      { timeoutMs: 120_000, stdin: text },
    );
    if (spoken.code !== 0) {
      throw new Error(
        `Speech rendering failed (pico2wave ${spoken.code}): ${lastErrorLine(spoken.stderr)}`,
      );
    }
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
