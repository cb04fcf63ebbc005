/**
 * Links that show one interviewee to someone without an account, e.g. a hiring manager
 * (docs/decisions/153-share-links.md).
 */
export const SHARE_LINK_DEFAULT_DAYS = 14;
export const SHARE_LINK_MIN_DAYS = 1;
export const SHARE_LINK_MAX_DAYS = 90;
/** The lifetimes offered in the Share dialog; any whole number of days in the bounds is accepted. */
export const SHARE_LINK_DAY_CHOICES = [1, 3, 7, 14, 30, 60, 90] as const;

/** A code sent to the address a link is limited to: short-lived and guessed a few times only. */
export const SHARE_CODE_MINUTES = 10;
export const SHARE_CODE_MAX_ATTEMPTS = 5;
export const SHARE_CODE_LENGTH = 6;
/** Codes one link may send in an hour: the inbox of the address is not a target to flood. */
export const SHARE_CODES_PER_HOUR = 5;
/** How long a confirmed address may view before confirming again (never beyond the link). */
export const SHARE_ACCESS_HOURS = 12;

export type ShareLinkState = 'active' | 'expired' | 'revoked';

export function shareLinkExpiry(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 86_400_000);
}

/** Revoked wins over expired: the list says what someone did, not only what time did. */
export function shareLinkState(
  link: { expires_at: Date | string; revoked_at: Date | string | null },
  now: Date,
): ShareLinkState {
  if (link.revoked_at !== null) return 'revoked';
  return new Date(link.expires_at).getTime() <= now.getTime()
    ? 'expired'
    : 'active';
}

/**
 * When a viewer's confirmation of their address runs out: after SHARE_ACCESS_HOURS, or with
 * the link if that comes first.
 */
export function shareAccessExpiry(linkExpiresAt: Date, now: Date): Date {
  const hours = now.getTime() + SHARE_ACCESS_HOURS * 3_600_000;
  return new Date(Math.min(hours, linkExpiresAt.getTime()));
}

/**
 * Reviewers on the shared page are "Reviewer 1", "Reviewer 2"… in the order of their first
 * judgement: the hiring manager learns how the panel judged, not who said what.
 */
export function reviewerNumbers(
  userIds: readonly number[],
): Map<number, number> {
  const numbers = new Map<number, number>();
  for (const id of userIds)
    if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
  return numbers;
}
