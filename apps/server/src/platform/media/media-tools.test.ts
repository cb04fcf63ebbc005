import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { resolveMediaTools, type MediaToolName } from './media-tools';

const folder = mkdtempSync(join(tmpdir(), 'candor-media-tools-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A real program that says who it is, standing in for ffmpeg or ffprobe in one place. */
function program(place: string, name: string, mode = 0o755): string {
  mkdirSync(join(folder, place), { recursive: true });
  const path = join(folder, place, name);
  writeFileSync(path, `#!/bin/sh\necho "${place} ${name}"\n`, { mode });
  chmodSync(path, mode);
  return path;
}

const run = (path: string) => execFileSync(path).toString().trim();

describe('resolveMediaTools', () => {
  const setting = program('setting', 'ffmpeg');
  const system = join(folder, 'system');
  program('system', 'ffmpeg');
  program('system', 'ffprobe');
  const packaged = (name: MediaToolName) => program('package', name);

  it('prefers the setting, then the system, then the npm package', () => {
    const withSetting = resolveMediaTools({
      ffmpegPath: setting,
      searchPath: system,
      findPackaged: packaged,
    });
    expect(withSetting.ffmpeg).toEqual({ path: setting, source: 'setting' });
    expect(withSetting.ffprobe?.source).toBe('system');
    expect(run(withSetting.ffmpeg?.path ?? '')).toBe('setting ffmpeg');

    const withSystem = resolveMediaTools({
      searchPath: ['/nowhere', system].join(delimiter),
      findPackaged: packaged,
    });
    expect(withSystem.ffmpeg).toEqual({
      path: join(system, 'ffmpeg'),
      source: 'system',
    });
    expect(run(withSystem.ffprobe?.path ?? '')).toBe('system ffprobe');

    const withPackage = resolveMediaTools({
      searchPath: join(folder, 'empty'),
      findPackaged: packaged,
    });
    expect(withPackage.ffmpeg?.source).toBe('package');
    expect(run(withPackage.ffmpeg?.path ?? '')).toBe('package ffmpeg');
  });

  it('passes over what is not an executable file on the PATH', () => {
    // A folder, a file without execute permission, and /dev/null in the program's place
    // (how the tests hide the system's programs).
    mkdirSync(join(folder, 'odd', 'ffmpeg'), { recursive: true });
    program('plain', 'ffmpeg', 0o644);
    mkdirSync(join(folder, 'hidden'));
    symlinkSync('/dev/null', join(folder, 'hidden', 'ffprobe'));
    const tools = resolveMediaTools({
      searchPath: ['odd', 'plain', 'hidden']
        .map((place) => join(folder, place))
        .join(delimiter),
      findPackaged: (name) => (name === 'ffmpeg' ? null : packaged(name)),
    });
    expect(tools.ffmpeg).toBeNull();
    expect(tools.ffprobe?.source).toBe('package');
  });

  it('makes a packaged program executable when npm did not run its install script', () => {
    const path = program('unapproved', 'ffprobe', 0o644);
    const tools = resolveMediaTools({
      searchPath: '',
      findPackaged: () => path,
    });
    expect(tools.ffprobe?.source).toBe('package');
    expect(statSync(tools.ffprobe?.path ?? '').mode & 0o111).not.toBe(0);
    expect(run(tools.ffprobe?.path ?? '')).toBe('unapproved ffprobe');
  });

  it('stops the start with a readable message when a setting names no program', () => {
    expect(() =>
      resolveMediaTools({ ffprobePath: join(folder, 'missing', 'ffprobe') }),
    ).toThrow(/^FFPROBE_PATH: .*missing\/ffprobe is not an executable file\.$/);
    expect(() =>
      loadConfig({
        DATA_DIR: join(folder, 'data'),
        FFMPEG_PATH: '/dev/null',
      }),
    ).toThrow(
      'Invalid settings in the environment:\n  FFMPEG_PATH: /dev/null is not an executable file.',
    );
  });

  it('finds the real programs of the npm packages, which convert and probe', () => {
    // No PATH: only the optional dependencies @ffmpeg-installer/ffmpeg and
    // @ffprobe-installer/ffprobe can answer.
    const tools = resolveMediaTools({ searchPath: '' });
    expect(tools.ffmpeg?.source).toBe('package');
    expect(tools.ffprobe?.source).toBe('package');
    expect(tools.ffmpeg?.path).toMatch(/@ffmpeg-installer/);
    const clip = join(folder, 'clip.mp4');
    execFileSync(tools.ffmpeg?.path ?? '', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '1'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip],
    ]);
    const probed = JSON.parse(
      execFileSync(tools.ffprobe?.path ?? '', [
        ...['-v', 'error', '-print_format', 'json', '-show_streams', clip],
      ]).toString(),
    ) as { streams: { codec_name: string; width: number }[] };
    expect(probed.streams[0]).toMatchObject({ codec_name: 'h264', width: 320 });
  });

  it('is what the configuration reads from FFMPEG_PATH, FFPROBE_PATH and PATH', () => {
    const config = loadConfig({
      DATA_DIR: join(folder, 'data'),
      FFMPEG_PATH: setting,
      PATH: system,
    });
    expect(config.media.ffmpeg).toEqual({ path: setting, source: 'setting' });
    expect(config.media.ffprobe).toEqual({
      path: join(system, 'ffprobe'),
      source: 'system',
    });
  });
});
