// The media toolkit other features use (answers, the video library).
export { MediaError } from './run-process';
export { probeMedia, type MediaProbe } from './probe';
export { transcodeToMp4, MAX_VIDEO_WIDTH } from './transcode';
export { extractThumbnail } from './thumbnail';
export { processVideoFile, type ProcessedVideo } from './process-video';
export {
  transcodeStoredVideo,
  type StoredVideoResult,
} from './transcode-stored-video';
export {
  describeMediaTools,
  mediaTools,
  resolveMediaTools,
  useMediaTools,
  type MediaTool,
  type MediaTools,
} from './media-tools';
