import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../storage/storage';
import { processVideoFile } from './process-video';

export type StoredVideoResult = {
  videoKey: string;
  thumbnailKey: string;
  durationSeconds: number;
};

/**
 * The whole media pipeline for one stored upload: streams the original to a temp file,
 * transcodes it, and stores `<targetPrefix>.mp4` and `<targetPrefix>.jpg`. Nothing passes
 * through memory whole; the temp folder is removed whatever happens. Throws MediaError
 * (from ./run-process) when the original is not a usable video.
 */
export async function transcodeStoredVideo(
  storage: Storage,
  options: { originalKey: string; targetPrefix: string },
): Promise<StoredVideoResult> {
  const workDir = await mkdtemp(join(tmpdir(), 'candor-media-'));
  try {
    const inputPath = join(workDir, 'original');
    const original = await storage.read(options.originalKey);
    await pipeline(original.stream, createWriteStream(inputPath));
    const processed = await processVideoFile(inputPath, workDir);
    const videoKey = `${options.targetPrefix}.mp4`;
    const thumbnailKey = `${options.targetPrefix}.jpg`;
    await storage.put(
      videoKey,
      createReadStream(processed.mp4Path),
      'video/mp4',
    );
    await storage.put(
      thumbnailKey,
      createReadStream(processed.thumbnailPath),
      'image/jpeg',
    );
    return {
      videoKey,
      thumbnailKey,
      durationSeconds: processed.durationSeconds,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
