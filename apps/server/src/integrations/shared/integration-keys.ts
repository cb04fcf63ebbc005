import { createHmac, randomBytes } from 'node:crypto';
import { GREENHOUSE_KEY_PREFIX } from '@candor/domain';
import type { Db } from '../../db/connection';
import { hashApiKey } from '../../platform/auth/api-key';
import type { IntegrationProvider } from './integration-tables';
import { findLiveKeyByHash } from './integration-keys.repository';

/**
 * A key is derived from the server's signing secret and a random salt: the database keeps
 * only its sha256 and the salt, and the server can still send the key back as the Basic
 * credential of its callbacks (Greenhouse's PATCH), which the ATS checks.
 */
export function deriveIntegrationKey(options: {
  signingSecret: string;
  salt: string;
  prefix: string;
}): string {
  const mac = createHmac('sha256', options.signingSecret)
    .update(`integration-key:${options.salt}`)
    .digest('base64url');
  return `${options.prefix}${mac}`;
}

/** How each ATS's keys begin. */
export const KEY_PREFIXES: Record<IntegrationProvider, string> = {
  greenhouse: GREENHOUSE_KEY_PREFIX,
};

export const newKeySalt = () => randomBytes(24).toString('base64url');

/** The username of an `Authorization: Basic` header (the ATS sends the key there). */
export function basicUsername(header: string | undefined): string | null {
  const encoded = /^basic\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const username = colon === -1 ? decoded : decoded.slice(0, colon);
  return username.length > 0 ? username : null;
}

export const basicHeader = (key: string) =>
  `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

export type IntegrationCaller = NonNullable<
  Awaited<ReturnType<typeof findLiveKeyByHash>>
>;

/** The live key an ATS's request names, or null. */
export async function findCaller(
  db: Db,
  options: { provider: IntegrationProvider; authorization: string | undefined },
): Promise<IntegrationCaller | null> {
  const key = basicUsername(options.authorization);
  if (!key) return null;
  return (
    (await findLiveKeyByHash(db, {
      provider: options.provider,
      secretHash: hashApiKey(key),
    })) ?? null
  );
}
