import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FFPROBE, testMediaTools } from '../../../test/media-fixtures';
import { useMediaTools } from '../media/media-tools';
import { renderSpeech, voiceFor } from './speech';

useMediaTools(testMediaTools);
const folder = mkdtempSync(join(tmpdir(), 'candor-speech-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** What ffprobe reads in the audio: format, codec, channels, sample rate and duration. */
function probe(audio: Buffer) {
  const file = join(folder, `${Math.random()}.mp3`);
  writeFileSync(file, audio);
  const json = JSON.parse(
    execFileSync(FFPROBE, [
      ...['-v', 'error', '-of', 'json', '-show_format', '-show_streams', file],
    ]).toString(),
  ) as {
    format: { format_name: string; duration: string };
    streams: { codec_name: string; channels: number; sample_rate: string }[];
  };
  return {
    format: json.format.format_name,
    codec: json.streams[0]?.codec_name,
    channels: json.streams[0]?.channels,
    sampleRate: Number(json.streams[0]?.sample_rate),
    seconds: Number(json.format.duration),
  };
}

describe('renderSpeech (SVOX Pico from npm)', () => {
  it.each([
    ['en-gb', 'pico-en-GB', 'Tell us about a project you are proud of.'],
    ['fr-fr', 'pico-fr-FR', 'Parlez-nous d’un projet dont vous êtes fier.'],
  ])(
    'speaks %s with its own voice as a mono MP3',
    async (language, voice, text) => {
      expect(voiceFor(language)).toBe(voice);
      const started = performance.now();
      const audio = await renderSpeech(text, voice);
      const seconds = (performance.now() - started) / 1000;
      const info = probe(audio);
      console.log(
        `${voice}: ${info.seconds.toFixed(2)} s of speech rendered in ${seconds.toFixed(2)} s`,
      );
      expect(info).toMatchObject({
        format: 'mp3',
        codec: 'mp3',
        channels: 1,
        sampleRate: 16_000,
      });
      // About two words a second: a sentence of eight words is neither silent nor a click.
      expect(info.seconds).toBeGreaterThan(1.5);
      expect(info.seconds).toBeLessThan(8);
    },
  );

  it('speaks the same words differently in each voice, and the same way twice', async () => {
    const text = 'Bonjour et bienvenue.';
    const [english, french, again] = await Promise.all([
      renderSpeech(text, 'pico-en-GB'),
      renderSpeech(text, 'pico-fr-FR'),
      renderSpeech(text, 'pico-fr-FR'),
    ]);
    expect(english.equals(french)).toBe(false);
    expect(again.equals(french)).toBe(true);
  });

  it('reads text that looks like program options as words', async () => {
    const audio = await renderSpeech(
      '--help --lang=de-DE -w /etc/x',
      'pico-en-GB',
    );
    expect(probe(audio).seconds).toBeGreaterThan(1);
  });

  it('speaks the longest question allowed (1000 characters)', async () => {
    const sentence = 'Describe a time you changed your plans at short notice. ';
    const text = sentence.repeat(Math.floor(1000 / sentence.length));
    const audio = await renderSpeech(text, 'pico-en-GB');
    expect(probe(audio).seconds).toBeGreaterThan(40);
  });
});
