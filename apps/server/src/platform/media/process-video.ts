import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { probeMedia } from './probe';
import { MediaError } from './run-process';
import { extractThumbnail } from './thumbnail';
import { transcodeToMp4 } from './transcode';

export type ProcessedVideo = {
  mp4Path: string;
  thumbnailPath: string;
  durationSeconds: number;
  width: number;
  height: number;
};

/**
 * Turns one local video file into the playable MP4, its JPEG thumbnail and its duration,
 * written into `workDir`. Throws MediaError for anything that is not a usable video.
 */
export async function processVideoFile(
  inputPath: string,
  workDir: string,
): Promise<ProcessedVideo> {
  const { size } = await stat(inputPath);
  if (size === 0) throw new MediaError('The uploaded file is empty.');
  const source = await probeMedia(inputPath);
  if (!source.video) throw new MediaError('The uploaded file has no video.');

  const mp4Path = join(workDir, 'video.mp4');
  const thumbnailPath = join(workDir, 'thumbnail.jpg');
  await transcodeToMp4(inputPath, mp4Path, { hasAudio: source.audio !== null });
  // The MP4 we wrote always has an exact duration, unlike many browser WebM files.
  const output = await probeMedia(mp4Path);
  if (!output.video || !output.durationSeconds) {
    throw new MediaError('The converted video is empty.');
  }
  await extractThumbnail(mp4Path, thumbnailPath, {
    durationSeconds: output.durationSeconds,
  });
  return {
    mp4Path,
    thumbnailPath,
    durationSeconds: Math.round(output.durationSeconds * 100) / 100,
    width: output.video.width,
    height: output.video.height,
  };
}
