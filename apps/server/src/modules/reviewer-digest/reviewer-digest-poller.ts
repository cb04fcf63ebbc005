import type { Poller } from '../../worker/pollers';
import { sendDueDigests } from './reviewer-digest.service';

/** The daily reviewer digest (decision 156); `now` is the tests' clock. */
export function createReviewerDigestPoller(
  options: { now?: () => Date } = {},
): Poller {
  const now = options.now ?? (() => new Date());
  return {
    name: 'reviewer-digest',
    idleDelayMs: 10 * 60_000,
    runOnce: (ctx) => sendDueDigests(ctx, now()),
  };
}
