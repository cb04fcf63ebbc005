/**
 * Sessions this process read lately, so a request need not read its own again
 * (docs/decisions/105-session-cache.md). An entry is used only while the process hears every
 * change to sessions and users (`live`), before its session's expiry, and for at most
 * `MAX_AGE_MS`, and while its own heartbeat says it is not behind. A notice of a change, a lost listener and this process's own writes forget
 * entries; a read that a notice overtook is not kept.
 */
export type CachedSession<Row> = {
  row: Row;
  userId: number;
  expiresAt: number;
};

type Entry<Row> = CachedSession<Row> & { keptAt: number };

/** A safety net only: every change that matters is forgotten by its notice. */
export const MAX_AGE_MS = 60_000;
/** Bounds the memory: past it, the oldest entry goes (about 1 KB each). */
export const MAX_ENTRIES = 10_000;

export class SessionCache<Row> {
  /**
   * Until when this process has heard every change (decision 187): where notices can be late
   * (PostgreSQL), its own heartbeats prove it; the embedded database is never late.
   */
  constructor(private readonly trustedUntil: () => number = () => Infinity) {}

  readonly #entries = new Map<string, Entry<Row>>();
  #live = false;
  // Counts every forgetting: a read that began before one may hold what it forgot.
  #generation = 0;

  get generation(): number {
    return this.#generation;
  }

  /** The session's row if it may be used at `now` without reading it again. */
  read(id: string, now: number): Row | undefined {
    if (!this.#live || now >= this.trustedUntil()) return undefined;
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= now || now - entry.keptAt >= MAX_AGE_MS) {
      this.#entries.delete(id);
      return undefined;
    }
    return entry.row;
  }

  /** Keeps what a read found, unless something was forgotten since the read began. */
  keep(
    id: string,
    session: CachedSession<Row>,
    readSince: number,
    now: number,
  ): void {
    if (
      !this.#live ||
      readSince !== this.#generation ||
      now >= this.trustedUntil()
    )
      return;
    if (this.#entries.size >= MAX_ENTRIES && !this.#entries.has(id)) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(id, { ...session, keptAt: now });
  }

  forgetSession(id: string): void {
    this.#generation += 1;
    this.#entries.delete(id);
  }

  forgetUser(userId: number): void {
    this.#generation += 1;
    for (const [id, entry] of this.#entries)
      if (entry.userId === userId) this.#entries.delete(id);
  }

  forgetAll(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** Notices are heard from now on. */
  listening(): void {
    this.#generation += 1;
    this.#live = true;
  }

  /** Notices may go unheard: nothing cached may be trusted, and nothing is kept. */
  deaf(): void {
    this.forgetAll();
    this.#live = false;
  }
}
