import { createHmac, timingSafeEqual } from 'node:crypto';

// A purpose of its own, so the signature serves for nothing but stopping reminders.
const PURPOSE = 'candidate-reminders-unsubscribe';

function signatureOf(secret: string, applicationId: number): string {
  return createHmac('sha256', secret)
    .update(`${PURPOSE}:${applicationId}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * The unsubscribe link's key: the interviewee's id and a signature of it. Signed rather than
 * stored, so every reminder of one interviewee carries the same working link and nothing else
 * of theirs (their interview link, their feedback token) can be derived from it.
 */
export function unsubscribeToken(
  secret: string,
  applicationId: number,
): string {
  return `${applicationId}-${signatureOf(secret, applicationId)}`;
}

/** The interviewee a key names, or null for a key that was not signed here. */
export function applicationOfToken(
  secret: string,
  token: string,
): number | null {
  const match = /^([1-9][0-9]{0,9})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (id > 2_147_483_647) return null;
  const expected = Buffer.from(signatureOf(secret, id));
  const given = Buffer.from(match[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? id
    : null;
}
