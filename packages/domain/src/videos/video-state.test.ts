import { describe, expect, it } from 'vitest';
import {
  isVideoProcessing,
  pickUploadFile,
  uploadButtonState,
  videoCardState,
} from './video-state';

const base = {
  uploading: false,
  transcoded_at: '2026-01-01T00:00:00Z',
  failed_reason: null,
  url: '/v.mp4',
};

describe('video card state (spec section 4)', () => {
  it('shows Uploading while the original is on its way', () => {
    expect(
      videoCardState({ ...base, uploading: true, transcoded_at: null }),
    ).toBe('uploading');
  });
  it('shows processing when uploaded but not yet transcoded', () => {
    expect(videoCardState({ ...base, transcoded_at: null })).toBe('processing');
    expect(isVideoProcessing({ ...base, transcoded_at: null })).toBe(true);
  });
  it('plays once transcoded', () => {
    expect(videoCardState(base)).toBe('playable');
    expect(isVideoProcessing(base)).toBe(false);
  });
  it('says failed instead of processing for ever', () => {
    expect(
      videoCardState({
        ...base,
        transcoded_at: null,
        failed_reason: 'Not a video',
      }),
    ).toBe('failed');
    expect(
      isVideoProcessing({
        ...base,
        transcoded_at: null,
        failed_reason: 'Not a video',
      }),
    ).toBe(false);
  });
});

describe('upload button (spec section 4)', () => {
  it.each([
    [null, 0, 'upload.idle', 0, false],
    ['uploading', 42.4, 'upload.uploading', 42, true],
    ['uploading', 140, 'upload.uploading', 100, true],
    ['complete', 0, 'upload.complete', 100, false],
    ['failed', 50, 'upload.failed', 0, false],
  ] as const)(
    '%s at %d%% reads %s',
    (status, progress, labelKey, shown, disabled) => {
      expect(uploadButtonState(status, progress)).toEqual({
        labelKey,
        progress: shown,
        disabled,
      });
    },
  );

  it('uses the first selected file, and only a video', () => {
    const video = { type: 'video/webm', name: 'a' };
    const text = { type: 'text/plain', name: 'b' };
    expect(pickUploadFile([video, text])).toBe(video);
    expect(pickUploadFile([text, video])).toBeNull();
    expect(pickUploadFile([])).toBeNull();
    expect(pickUploadFile(null)).toBeNull();
  });
});
