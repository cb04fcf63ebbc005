import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC signatures for URLs the local storage driver hands out (download and upload). */
export function signParts(secret: string, parts: (string | number)[]): string {
  return createHmac('sha256', secret)
    .update(parts.join('\n'))
    .digest('base64url');
}

export function verifySignature(
  secret: string,
  parts: (string | number)[],
  signature: string,
): boolean {
  const expected = Buffer.from(signParts(secret, parts));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
