import { Resolver } from 'node:dns/promises';

/** The TXT records at a name, each as its strings; none when the name does not exist. */
export type TxtLookup = (name: string) => Promise<string[][]>;

const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NOTFOUND', 'ENONAME']);
const TIMEOUT_MS = 3_000;

/**
 * Asks the configured DNS servers (DNS_RESOLVER), or the system's, for a name's TXT records. A
 * name that does not exist, or has no TXT record, gives none; a server that fails throws.
 */
export function createTxtLookup(servers: readonly string[]): TxtLookup {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return async (name) => {
    try {
      return await resolver.resolveTxt(name);
    } catch (error) {
      if (ABSENT.has((error as { code?: string }).code ?? '')) return [];
      throw error;
    }
  };
}
