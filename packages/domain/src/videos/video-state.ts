import type { Video } from '../schemas/videos';

/**
 * What a library card shows (spec section 4): uploading or not yet transcoded means
 * processing, otherwise it plays. A video whose processing gave up says so instead of
 * spinning for ever.
 */
export type VideoCardState = 'uploading' | 'processing' | 'failed' | 'playable';

export function videoCardState(
  video: Pick<Video, 'uploading' | 'transcoded_at' | 'failed_reason' | 'url'>,
): VideoCardState {
  if (video.failed_reason) return 'failed';
  if (video.uploading) return 'uploading';
  if (!video.transcoded_at || !video.url) return 'processing';
  return 'playable';
}

export function isVideoProcessing(
  video: Pick<Video, 'uploading' | 'transcoded_at' | 'failed_reason'>,
) {
  return !video.failed_reason && (video.uploading || !video.transcoded_at);
}

/** The upload button's status (spec section 4): null, uploading, complete or failed. */
export type UploadStatus = null | 'uploading' | 'complete' | 'failed';

export type UploadButtonState = {
  /** i18n key under the videos namespace. */
  labelKey:
    'upload.idle' | 'upload.uploading' | 'upload.complete' | 'upload.failed';
  progress: number;
  disabled: boolean;
};

export function uploadButtonState(
  status: UploadStatus,
  progress = 0,
): UploadButtonState {
  switch (status) {
    case 'uploading':
      return {
        labelKey: 'upload.uploading',
        progress: clampProgress(progress),
        disabled: true,
      };
    case 'complete':
      return { labelKey: 'upload.complete', progress: 100, disabled: false };
    case 'failed':
      return { labelKey: 'upload.failed', progress: 0, disabled: false };
    default:
      return { labelKey: 'upload.idle', progress: 0, disabled: false };
  }
}

function clampProgress(progress: number): number {
  return Math.max(0, Math.min(100, Math.round(progress)));
}

/** The first selected file that is a video, as the spec uses only the first file. */
export function pickUploadFile<T extends { type: string }>(
  files: ArrayLike<T> | null | undefined,
): T | null {
  const first = files && files.length > 0 ? files[0] : undefined;
  return first && isVideoType(first.type) ? first : null;
}

export function isVideoType(contentType: string): boolean {
  return /^video\/[\w.+-]+$/.test(contentType);
}
