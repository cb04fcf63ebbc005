import type { DeviceTake } from './take-store';
import type { UploadActivity } from './take-upload';

/** What the interviewee is told about one answer. */
export type AnswerState =
  /** 'Saved on this device': every byte is on the device; none is moving now. */
  | { kind: 'device' }
  /** Only this page holds it (no IndexedDB): 'keep this page open'. */
  | { kind: 'page' }
  | { kind: 'uploading'; percent: number }
  /** 'Saved': the server has every byte (the take complete; Submit completes its answer). */
  | { kind: 'saved' }
  | { kind: 'failed'; message: string };

/**
 * The answer's state from its take and its upload's activity. 'Uploading' never says 100 %
 * before the server has the whole take: the last request declares the length and only its
 * reply makes the take 'Saved' (decision 164).
 */
export function answerStateOf(input: {
  take: Pick<
    DeviceTake,
    'bytes' | 'acknowledged' | 'uploaded' | 'saved' | 'error'
  >;
  activity: UploadActivity | undefined;
  /** Bytes the current request has pushed out so far (the server may not have them yet). */
  sent?: number;
  /** Whether the take's bytes are in IndexedDB (not only in this page's memory). */
  onDevice: boolean;
}): AnswerState {
  const { take, activity, onDevice } = input;
  if (take.saved || take.uploaded || activity === 'saved')
    return { kind: 'saved' };
  if (take.error !== null) return { kind: 'failed', message: take.error };
  if (activity === 'failed') return { kind: 'failed', message: '' };
  // Sending, with bytes the server does not have yet (a take still recording whose bytes are
  // all up waits for the next slice: nothing is moving).
  if (activity === 'sending' && take.acknowledged < take.bytes) {
    const done = Math.max(take.acknowledged, input.sent ?? 0);
    const percent =
      take.bytes > 0
        ? Math.floor((Math.min(done, take.bytes) / take.bytes) * 100)
        : 0;
    return { kind: 'uploading', percent: Math.min(99, percent) };
  }
  return onDevice ? { kind: 'device' } : { kind: 'page' };
}

/**
 * Whether an answer still needs this device: the interview is not done while one does. A take
 * 'Saved' on the server still does until the server has completed its answer (Submit).
 */
export const isPending = (
  take: Pick<DeviceTake, 'saved' | 'error'>,
  state: AnswerState,
) => !take.saved && take.error === null && state.kind !== 'failed';
