import { createHmac, timingSafeEqual } from 'node:crypto';

// A purpose of its own, so the signature serves for nothing but stopping texts.
const PURPOSE = 'sms-stop';
const SIGNATURE_LENGTH = 12;

function signatureOf(secret: string, applicationId: number): string {
  return createHmac('sha256', secret)
    .update(`${PURPOSE}:${applicationId}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);
}

/**
 * The stop link's key: the interviewee's id and a short signature of it (a text has little
 * room). It stops texts to the number that interviewee gave, from their company.
 */
export function stopToken(secret: string, applicationId: number): string {
  return `${applicationId}-${signatureOf(secret, applicationId)}`;
}

/** The interviewee a key names, or null for a key that was not signed here. */
export function applicationOfStopToken(
  secret: string,
  token: string,
): number | null {
  const match = /^([1-9][0-9]{0,9})-([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (id > 2_147_483_647) return null;
  const expected = Buffer.from(signatureOf(secret, id));
  const given = Buffer.from(match[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? id
    : null;
}

export function stopUrl(
  config: { publicUrl: string; signingSecret: string },
  applicationId: number,
): string {
  return `${config.publicUrl}/t/${stopToken(config.signingSecret, applicationId)}`;
}
