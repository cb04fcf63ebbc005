import { describe, expect, it } from 'vitest';
import { downloadExpiry } from '../../platform/storage/local-storage';
import { mediaLinkSeconds } from './shared-page';

describe('recording links of a shared page', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 7, 500);

  it.each([5, 59, 61, 600, 3599, 3601, 86_400, 14 * 86_400])(
    'expire before a share link that has %i seconds left, even rounded up',
    (left) => {
      const linkExpiry = new Date(now + left * 1000);
      const expires = downloadExpiry(mediaLinkSeconds(linkExpiry, now), now);
      expect(expires * 1000).toBeLessThanOrEqual(linkExpiry.getTime());
      expect(expires * 1000).toBeGreaterThan(now);
    },
  );

  it('last an hour at most', () => {
    const far = new Date(now + 30 * 86_400_000);
    expect(mediaLinkSeconds(far, now)).toBeLessThanOrEqual(3600);
  });
});
