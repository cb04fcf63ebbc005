/** What a key may do: read only, or read and write. */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key's secret starts with this, so a leaked one is recognised (by scanners too). */
export const API_KEY_PREFIX = 'cnd_';

/** How many requests the keys page lists. */
export const API_KEY_LOG_SHOWN = 100;

/** How long the request log keeps a row. */
export const API_KEY_LOG_DAYS = 90;

export const KEY_NOT_OPEN = 'API keys cannot call this route.';
export const KEY_READ_ONLY = 'This API key can only read.';

/**
 * Whether a key may call a route: the route declares what it needs (`config.apiKey`), and a
 * route that declares nothing is closed to keys.
 */
export function keyRefusal(
  keyScope: ApiKeyScope,
  routeNeeds: ApiKeyScope | undefined,
): string | null {
  if (routeNeeds === undefined) return KEY_NOT_OPEN;
  if (routeNeeds === 'write' && keyScope !== 'write') return KEY_READ_ONLY;
  return null;
}
