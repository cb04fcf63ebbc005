import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { FFPROBE } from './media-tools';

/**
 * Downloads an answer's video as a reviewer's browser would, checks it is served as MP4, and
 * tells what ffprobe finds in it: the video stream's codec and the duration in seconds.
 */
export async function probeServedVideo(
  request: APIRequestContext,
  url: string,
): Promise<{ videoCodec: string | undefined; duration: number }> {
  const video = await request.get(url);
  expect(video.headers()['content-type']).toBe('video/mp4');
  const folder = mkdtempSync(join(tmpdir(), 'candor-e2e-video-'));
  try {
    const file = join(folder, 'answer.mp4');
    writeFileSync(file, await video.body());
    const probe = JSON.parse(
      execFileSync(FFPROBE, [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        file,
      ]).toString(),
    ) as {
      format: { duration: string };
      streams: { codec_type: string; codec_name: string }[];
    };
    return {
      videoCodec: probe.streams.find((stream) => stream.codec_type === 'video')
        ?.codec_name,
      duration: Number(probe.format.duration),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
