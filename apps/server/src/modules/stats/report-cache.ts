/**
 * Company reports computed recently. A year of a large company takes a few hundred ms of
 * PostgreSQL to compute (decision 083), so identical requests share one computation while it
 * runs and reuse its result for `ttlMs` after it; a company's own changes clear its reports at
 * once (docs/decisions/086-report-cache.md).
 */
export type ReportCache<T> = {
  /** The cached report for `key` of `companyId`, or the one `compute` makes (shared while it runs). */
  get(companyId: number, key: string, compute: () => Promise<T>): Promise<T>;
  /** Drops the company's reports, so its next request computes afresh. */
  forgetCompany(companyId: number): void;
};

type Entry<T> = { companyId: number; value: Promise<T>; doneAt: number | null };

export function createReportCache<T>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): ReportCache<T> {
  const now = options.now ?? Date.now;
  // Map order is the order of last use, so the first entry is the one to drop.
  const entries = new Map<string, Entry<T>>();
  const isFresh = (entry: Entry<T>) =>
    entry.doneAt === null || now() - entry.doneAt < options.ttlMs;

  return {
    get(companyId, key, compute) {
      const id = `${companyId}:${key}`;
      const found = entries.get(id);
      entries.delete(id);
      if (found && isFresh(found)) {
        entries.set(id, found);
        return found.value;
      }
      const entry: Entry<T> = { companyId, value: compute(), doneAt: null };
      entries.set(id, entry);
      entry.value.then(
        () => {
          entry.doneAt = now();
        },
        // A failed computation is never reused; the next request tries again.
        () => {
          if (entries.get(id) === entry) entries.delete(id);
        },
      );
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries) break;
        entries.delete(oldest);
      }
      return entry.value;
    },
    forgetCompany(companyId) {
      for (const [id, entry] of entries)
        if (entry.companyId === companyId) entries.delete(id);
    },
  };
}
