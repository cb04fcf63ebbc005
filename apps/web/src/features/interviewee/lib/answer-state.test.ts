import { describe, expect, it } from 'vitest';
import { answerStateOf, isPending, type AnswerState } from './answer-state';
import type { UploadActivity } from './take-upload';

const take = (
  patch: Partial<{
    bytes: number;
    acknowledged: number;
    uploaded: boolean;
    saved: boolean;
    error: string | null;
  }> = {},
) => ({
  bytes: 1000,
  acknowledged: 0,
  uploaded: false,
  saved: false,
  error: null,
  ...patch,
});

describe('answerStateOf', () => {
  it.each<[string, Parameters<typeof answerStateOf>[0], AnswerState]>([
    [
      'on the device, nothing moving (offline, or waiting to try again)',
      { take: take(), activity: 'waiting', onDevice: true },
      { kind: 'device' },
    ],
    [
      'only in the page when IndexedDB failed',
      { take: take(), activity: 'waiting', onDevice: false },
      { kind: 'page' },
    ],
    [
      'uploading: what the server acknowledged',
      {
        take: take({ acknowledged: 400 }),
        activity: 'sending',
        onDevice: true,
      },
      { kind: 'uploading', percent: 40 },
    ],
    [
      'uploading: what is on its way counts too',
      {
        take: take({ acknowledged: 400 }),
        activity: 'sending',
        sent: 555,
        onDevice: true,
      },
      { kind: 'uploading', percent: 55 },
    ],
    [
      'all bytes up while still recording: waiting for the next slice',
      {
        take: take({ acknowledged: 1000 }),
        activity: 'sending',
        sent: 1000,
        onDevice: true,
      },
      { kind: 'device' },
    ],
    [
      'never 100 % before the server has it',
      {
        take: take({ acknowledged: 999 }),
        activity: 'sending',
        sent: 1000,
        onDevice: true,
      },
      { kind: 'uploading', percent: 99 },
    ],
    [
      'saved at Stop: the take complete on the server, before Submit',
      {
        take: take({ acknowledged: 1000, uploaded: true }),
        activity: undefined,
        onDevice: true,
      },
      { kind: 'saved' },
    ],
    [
      'saved as the last PATCH’s 204 arrives',
      {
        take: take({ acknowledged: 400 }),
        activity: 'saved',
        onDevice: true,
      },
      { kind: 'saved' },
    ],
    [
      'saved by the server, the answer complete',
      {
        take: take({ acknowledged: 1000, uploaded: true, saved: true }),
        activity: undefined,
        onDevice: false,
      },
      { kind: 'saved' },
    ],
    [
      'refused by the server, with its words',
      {
        take: take({ error: 'The recording is too large.' }),
        activity: 'failed',
        onDevice: true,
      },
      { kind: 'failed', message: 'The recording is too large.' },
    ],
    [
      'not started yet (just opened)',
      { take: take(), activity: undefined, onDevice: true },
      { kind: 'device' },
    ],
  ])('%s', (_, input, expected) => {
    expect(answerStateOf(input)).toEqual(expected);
  });

  it.each<[string, boolean, ReturnType<typeof take>, UploadActivity]>([
    ['sending', true, take(), 'sending'],
    ['waiting to try again', true, take(), 'waiting'],
    // 'Saved' on the server, but the answer is not complete before Submit is acknowledged.
    [
      'the take complete, not submitted',
      true,
      take({ uploaded: true }),
      'saved',
    ],
    [
      'the answer complete',
      false,
      take({ uploaded: true, saved: true }),
      'saved',
    ],
    ['refused', false, take({ error: 'Too large.' }), 'failed'],
  ])('%s: pending %s', (_, pending, item, activity) => {
    expect(
      isPending(item, answerStateOf({ take: item, activity, onDevice: true })),
    ).toBe(pending);
  });
});
