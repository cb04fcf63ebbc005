import type { Poller } from '../../worker/pollers';
import { sendDueCandidateReminders } from './candidate-reminders.service';

/** Candidate reminders before the deadline (decision 155); `now` is the tests' clock. */
export function createCandidateReminderPoller(
  options: { now?: () => Date } = {},
): Poller {
  const now = options.now ?? (() => new Date());
  return {
    name: 'candidate-reminders',
    // Reminders are due on the minute; five minutes late is still the right morning.
    idleDelayMs: 5 * 60_000,
    runOnce: (ctx) => sendDueCandidateReminders(ctx, now()),
  };
}
