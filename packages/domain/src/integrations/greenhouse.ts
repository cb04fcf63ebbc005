/**
 * Greenhouse's Assessment Partner API as Candor hosts it (decision 190). Greenhouse names only
 * `complete`; the other words are Candor's, shown by Greenhouse as they are.
 */
export const GREENHOUSE_STATUSES = [
  'not_sent',
  'sent',
  'started',
  'complete',
  'declined',
  'expired',
  'invitation_failed',
] as const;
export type GreenhouseStatus = (typeof GREENHOUSE_STATUSES)[number];

export type GreenhouseStatusFacts = {
  invited_at: Date | null;
  started_at: Date | null;
  responded_at: Date | null;
  declined_at: Date | null;
  deadline: Date | null;
  invitation_failed: boolean;
};

/**
 * The test's `partner_status`. Submitted answers are `complete` even after the deadline, and a
 * declined or expired interview is final: Greenhouse polls until `complete` or 8 weeks, so a
 * final word other than `complete` tells the recruiter to stop waiting.
 */
export function greenhouseStatus(
  facts: GreenhouseStatusFacts,
  now: Date,
): GreenhouseStatus {
  if (facts.responded_at) return 'complete';
  if (facts.declined_at) return 'declined';
  if (facts.invitation_failed) return 'invitation_failed';
  if (!facts.invited_at) return 'not_sent';
  if (facts.deadline && facts.deadline.getTime() < now.getTime())
    return 'expired';
  return facts.started_at ? 'started' : 'sent';
}

/**
 * The Greenhouse application a `send_test` is for. Greenhouse sends no application id of its
 * own, but its profile URL names it (`…/people/17681532?application_id=26234709`); a URL
 * without one stands for itself. Null when the URL is not a URL.
 */
export function greenhouseApplicationOf(profileUrl: string): string | null {
  // The package runs without the DOM or Node, so the URL is read by hand.
  const url = profileUrl.trim();
  const match = /^https?:\/\/[^/?#\s]+[^?#\s]*(\?[^#\s]*)?(#\S*)?$/i.exec(url);
  if (!match) return null;
  const id = /[?&]application_id=(\d{1,20})(?:&|$)/.exec(match[1] ?? '')?.[1];
  return id ? `application:${id}` : `url:${url}`;
}

/** The start of a Greenhouse key: tells it from Candor's own API keys (`cnd_`). */
export const GREENHOUSE_KEY_PREFIX = 'cgh_';
/** Greenhouse takes keys of fewer than 171 characters. */
export const GREENHOUSE_KEY_MAX_LENGTH = 170;
/** Calls shown to the admin on the integration's page. */
export const GREENHOUSE_CALLS_SHOWN = 50;
