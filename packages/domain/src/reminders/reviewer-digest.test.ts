import { describe, expect, it } from 'vitest';
import {
  digestWindowStart,
  isDigestDue,
  newInDigest,
  type DigestEntry,
} from './reviewer-digest';

const at = (iso: string) => new Date(iso);

describe('isDigestDue', () => {
  it.each<[string, string | null, string, boolean]>([
    ['never sent, after the hour', null, '2026-12-04T07:00:00Z', true],
    ['never sent, before the hour', null, '2026-12-04T05:59:00Z', false],
    [
      'sent earlier today',
      '2026-12-04T06:00:00Z',
      '2026-12-04T20:00:00Z',
      false,
    ],
    ['sent yesterday', '2026-12-03T06:00:00Z', '2026-12-04T06:00:00Z', true],
    [
      'sent yesterday, too early today',
      '2026-12-03T06:00:00Z',
      '2026-12-04T05:00:00Z',
      false,
    ],
  ])('%s', (_case, lastSentAt, now, expected) => {
    expect(
      isDigestDue({
        lastSentAt: lastSentAt ? at(lastSentAt) : null,
        now: at(now),
      }),
    ).toBe(expected);
  });
});

describe('digestWindowStart', () => {
  it.each<[string, string | null, string, string]>([
    [
      'first digest: one day back',
      null,
      '2026-12-04T06:00:00Z',
      '2026-12-03T06:00:00.000Z',
    ],
    [
      'since the last one',
      '2026-12-03T06:10:00Z',
      '2026-12-04T06:00:00Z',
      '2026-12-03T06:10:00.000Z',
    ],
    [
      'after a pause: still one day back',
      '2026-11-20T06:00:00Z',
      '2026-12-04T06:00:00Z',
      '2026-12-03T06:00:00.000Z',
    ],
  ])('%s', (_case, last, now, expected) => {
    expect(
      digestWindowStart(last ? at(last) : null, at(now)).toISOString(),
    ).toBe(expected);
  });
});

describe('newInDigest', () => {
  const entry = (
    jobId: number,
    jobTitle: string,
    applicationId: number,
    respondedAt: string,
  ): DigestEntry => ({
    jobId,
    jobTitle,
    applicationId,
    name: `Person ${applicationId}`,
    respondedAt: at(respondedAt),
  });
  const since = at('2026-12-03T06:00:00Z');
  const now = at('2026-12-04T06:00:00Z');

  it('groups what is new by interview, titles in order, newest first', () => {
    expect(
      newInDigest({
        entries: [
          entry(2, 'Barista', 10, '2026-12-03T09:00:00Z'),
          entry(1, 'Analyst', 11, '2026-12-03T10:00:00Z'),
          entry(2, 'Barista', 12, '2026-12-03T12:00:00Z'),
        ],
        since,
        now,
      }),
    ).toEqual([
      {
        jobId: 1,
        jobTitle: 'Analyst',
        applicants: [{ applicationId: 11, name: 'Person 11' }],
      },
      {
        jobId: 2,
        jobTitle: 'Barista',
        applicants: [
          { applicationId: 12, name: 'Person 12' },
          { applicationId: 10, name: 'Person 10' },
        ],
      },
    ]);
  });

  it.each<[string, string]>([
    ['at the window start (the last digest had it)', '2026-12-03T06:00:00Z'],
    ['before it', '2026-12-02T23:00:00Z'],
    ['after now', '2026-12-04T06:00:01Z'],
  ])(
    'leaves out an answer %s: nothing new, no digest',
    (_case, respondedAt) => {
      expect(
        newInDigest({ entries: [entry(1, 'A', 1, respondedAt)], since, now }),
      ).toEqual([]);
    },
  );
});
