import { z } from 'zod';
import { MediaError, transcodeStoredVideo } from '../../platform/media';
import { defineTaskHandler } from '../../platform/tasks/task-handler';
import {
  findVideoById,
  markVideoFailed,
  markVideoTranscoded,
} from './videos.repository';
import { PROCESS_VIDEO_TASK, playableKeyPrefix } from './videos.service';

/**
 * Turns an uploaded library original into the playable MP4 and its thumbnail. A file that
 * is not a video fails at once with a reason the card shows; other errors are retried.
 */
export const processLibraryVideoTask = defineTaskHandler({
  kind: PROCESS_VIDEO_TASK,
  payload: z.object({ videoId: z.number().int() }),
  maxAttempts: 3,
  async run(ctx, { videoId }) {
    const video = await findVideoById(ctx.db, videoId);
    // Deleted, or reset for a new upload since this task was queued: nothing to do.
    if (!video || video.uploading || !video.original_key) return;
    try {
      const result = await transcodeStoredVideo(ctx.storage, {
        originalKey: video.original_key,
        targetPrefix: playableKeyPrefix(video),
      });
      await markVideoTranscoded(ctx.db, videoId, result);
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
      await markVideoFailed(ctx.db, videoId, error.message);
    }
  },
  async onGiveUp(ctx, { videoId }) {
    await markVideoFailed(
      ctx.db,
      videoId,
      'The video could not be processed. Please try uploading it again.',
    );
  },
});
