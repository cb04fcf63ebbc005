import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FFMPEG,
  probeFile,
  testMediaTools,
} from '../../../test/media-fixtures';
import { MediaError, processVideoFile, useMediaTools } from '.';

useMediaTools(testMediaTools);
const folder = mkdtempSync(join(tmpdir(), 'candor-media-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const ffmpeg = (args: string[]) =>
  execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

describe('processVideoFile', () => {
  it('converts a silent Safari-style MP4 without inventing a sound track', async () => {
    const input = join(folder, 'silent.mov');
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=640x480:rate=10',
      '-t',
      '1.5',
      '-c:v',
      'mpeg4',
      input,
    ]);
    const work = mkdtempSync(join(folder, 'work-'));
    const result = await processVideoFile(input, work);
    expect(result).toMatchObject({ width: 640, height: 480 });
    expect(result.durationSeconds).toBeCloseTo(1.5, 0);
    expect(probeFile(result.mp4Path).codecs).toEqual(['h264']);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), /empty/],
    ['a text file', Buffer.from('hello, not a video'), /not a readable video/],
  ])('refuses %s with a readable reason', async (_name, body, reason) => {
    const input = join(folder, `bad-${Math.random()}`);
    writeFileSync(input, body);
    const error = await processVideoFile(input, folder).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).message).toMatch(reason);
  });

  it('refuses a sound recording without video', async () => {
    const input = join(folder, 'voice.ogg');
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=300',
      '-t',
      '1',
      '-c:a',
      'libopus',
      input,
    ]);
    await expect(processVideoFile(input, folder)).rejects.toThrow(
      'The uploaded file has no video.',
    );
  });
});
