/** The events a webhook endpoint may receive (issue 32). */
export const WEBHOOK_EVENTS = [
  'application.created',
  'application.invited',
  'application.invitation_failed',
  'application.started',
  'application.completed',
  'application.declined',
  'application.reviewed',
  'application.shortlisted',
  'application.rejected',
  'job.published',
  'job.archived',
  'sms.delivered',
  'sms.failed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(value: string): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/**
 * Seconds to wait before each retry of a failed delivery: the schedule Standard Webhooks
 * suggests (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), about 28 hours in all. An endpoint
 * failing for a day is disabled before the schedule runs out.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS: readonly number[] = [
  5,
  5 * 60,
  30 * 60,
  2 * 60 * 60,
  5 * 60 * 60,
  10 * 60 * 60,
  10 * 60 * 60,
];

/** How long an endpoint may fail every delivery before it is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Days a delivered or given-up event stays in its endpoint's log (decision 151). */
export const WEBHOOK_LOG_DAYS = 30;

/**
 * The wait before the next try after `attempts` tries, or null once the schedule is spent and
 * the delivery has failed for good.
 */
export function webhookRetryDelaySeconds(
  attempts: number,
  schedule: readonly number[] = WEBHOOK_RETRY_DELAYS_SECONDS,
): number | null {
  return schedule[attempts - 1] ?? null;
}

/** Whether an endpoint that has failed since `failingSince` has failed long enough to stop. */
export function hasFailedForADay(failingSince: Date, now: Date): boolean {
  return now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS;
}

/**
 * What is wrong with an endpoint URL before any name is resolved, or null: https only, unless
 * private addresses are allowed (development and tests), which allows http too. No credentials
 * in the URL: the secret signs the requests.
 */
export function webhookUrlProblem(
  value: string,
  options: { allowPrivate: boolean },
): string | null {
  // The package runs without the DOM or Node, so the URL is read by hand: scheme, authority.
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i.exec(value.trim());
  if (!match || /\s/.test(value.trim()))
    return 'Enter a full URL, such as https://example.com/hooks.';
  const scheme = (match[1] ?? '').toLowerCase();
  const authority = match[2] ?? '';
  const schemes = options.allowPrivate ? ['https', 'http'] : ['https'];
  if (!schemes.includes(scheme)) return 'The URL must start with https://.';
  if (authority.includes('@'))
    return 'The URL must not contain a user name or password.';
  if (!authority.replace(/:\d*$/, ''))
    return 'Enter a full URL, such as https://example.com/hooks.';
  return null;
}
