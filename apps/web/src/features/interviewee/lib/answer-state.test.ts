import { describe, expect, it } from 'vitest';
import { answerStateOf, isPending, type AnswerState } from './answer-state';
import type { UploadActivity } from './take-upload';

const take = (
  patch: Partial<{
    bytes: number;
    acknowledged: number;
    saved: boolean;
    error: string | null;
  }> = {},
) => ({
  bytes: 1000,
  acknowledged: 0,
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
      'all bytes up, length not yet declared (a take under review)',
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
      'saved by the server',
      {
        take: take({ acknowledged: 1000, saved: true }),
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

  it.each<[UploadActivity, boolean]>([
    ['sending', true],
    ['waiting', true],
    ['saved', false],
    ['failed', false],
  ])('%s is pending: %s', (activity, pending) => {
    expect(
      isPending(answerStateOf({ take: take(), activity, onDevice: true })),
    ).toBe(pending);
  });
});
