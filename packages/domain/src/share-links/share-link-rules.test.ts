import { describe, expect, it } from 'vitest';
import {
  SHARE_ACCESS_HOURS,
  reviewerNumbers,
  shareAccessExpiry,
  shareLinkExpiry,
  shareLinkState,
} from './share-link-rules';

const now = new Date('2026-11-26T12:00:00Z');

describe('share link rules', () => {
  it('expires the chosen number of days later', () => {
    expect(shareLinkExpiry(now, 14).toISOString()).toBe(
      '2026-12-10T12:00:00.000Z',
    );
  });

  it.each([
    ['active', '2026-11-26T12:00:01Z', null],
    ['expired', '2026-11-26T12:00:00Z', null],
    ['expired', '2026-11-25T00:00:00Z', null],
    ['revoked', '2026-12-10T00:00:00Z', '2026-11-26T11:00:00Z'],
    ['revoked', '2026-11-25T00:00:00Z', '2026-11-24T11:00:00Z'],
  ] as const)('is %s (expires %s, revoked %s)', (state, expires, revoked) => {
    expect(
      shareLinkState({ expires_at: expires, revoked_at: revoked }, now),
    ).toBe(state);
  });

  it('lets a confirmed address view for some hours, never beyond the link', () => {
    const far = new Date('2026-12-10T12:00:00Z');
    expect(shareAccessExpiry(far, now).getTime() - now.getTime()).toBe(
      SHARE_ACCESS_HOURS * 3_600_000,
    );
    const soon = new Date('2026-11-26T13:00:00Z');
    expect(shareAccessExpiry(soon, now)).toEqual(soon);
  });

  it('numbers reviewers in the order of their first judgement', () => {
    expect([...reviewerNumbers([7, 3, 7, 9, 3])]).toEqual([
      [7, 1],
      [3, 2],
      [9, 3],
    ]);
  });
});
