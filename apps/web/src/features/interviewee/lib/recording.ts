// Chrome and Firefox record WebM, Safari MP4; the first type the browser supports wins.
const PREFERRED_TYPES = [
  'video/webm;codecs=vp8,opus',
  'video/webm;codecs=vp9,opus',
  'video/webm',
  'video/mp4;codecs=avc1,mp4a',
  'video/mp4',
];

/**
 * Asked of MediaRecorder: about 1.6 Mbit/s in all (12 MB a minute), plenty for a face at
 * 720p, and within the server's bound of a take (bytes per second × the question's time
 * limit, with margin; decision 135). Browsers treat it as a target, not a cap.
 */
export const RECORDING_BITRATES = {
  videoBitsPerSecond: 1_500_000,
  audioBitsPerSecond: 96_000,
} as const;

export function pickRecordingType(): string {
  if (typeof MediaRecorder === 'undefined') return '';
  return (
    PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? ''
  );
}

export function canRecord(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    !!navigator.mediaDevices?.getUserMedia
  );
}

/** Why the camera could not be opened, as one of the help messages of the device check. */
export type CameraProblem =
  'denied' | 'missing' | 'busy' | 'unsupported' | 'other';

export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'other';
}

export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
