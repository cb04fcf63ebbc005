import { randomUUID } from 'node:crypto';

/** How often a process says it is alive and hears itself say so. */
export const HEARTBEAT_MS = 2_000;
/**
 * How long a process trusts what it keeps after it last heard itself: three heartbeats, so one
 * slow or lost one changes nothing. A change that takes access away waits at most this long
 * (plus a margin) for a process that does not answer.
 */
export const LEASE_MS = 3 * HEARTBEAT_MS;
const MARGIN_MS = 500;
/** Stands for processes that could not be listed: no answer ends the wait early. */
const UNKNOWN = '?';

type BarrierDeps = {
  /** This process's id among the listeners. */
  id: string;
  /** Writes this process's heartbeat and sends `payload` on the channel in one statement. */
  beat(payload: string): Promise<void>;
  send(payload: string): Promise<void>;
  /** The ids of the processes alive within `withinMs`. */
  liveListeners(withinMs: number): Promise<string[]>;
  now(): number;
};

type Wait = { pending: Set<string>; done: () => void };

/**
 * Makes "every server has heard it" something a request can wait for (decision 187). Each
 * process listening to the sessions' channel sends itself a heartbeat there; notices arrive in
 * the order their transactions committed, so hearing its own heartbeat sent at `t` proves it
 * has heard every change committed before `t`, and it trusts what it keeps until `t + LEASE_MS`.
 * A change that takes access away then sends a barrier on the channel once it committed; every
 * live process answers it when it reaches it, having heard the change first. One that does not
 * answer within the lease can no longer trust anything it kept from before the change.
 */
export class NoticeBarrier {
  #seq = 0;
  readonly #sentAt = new Map<number, number>();
  #trustedUntil = 0;
  readonly #waits = new Map<string, Wait>();

  constructor(private readonly deps: BarrierDeps) {}

  /** Until when this process may use what it keeps (its clock). */
  get trustedUntil(): number {
    return this.#trustedUntil;
  }

  /** Sends the next heartbeat; a failure only lets the trust lapse. */
  async beat(): Promise<void> {
    const seq = (this.#seq += 1);
    this.#sentAt.set(seq, this.deps.now());
    await this.deps.beat(`h:${this.deps.id}:${seq}`);
  }

  /** Takes the barrier's own notices; false for any other. */
  heard(payload: string): boolean {
    const [kind, first, second] = payload.split(':');
    if (kind === 'h' && first !== undefined && second !== undefined) {
      if (first === this.deps.id) this.#confirm(Number(second));
      return true;
    }
    if (kind === 'b' && first !== undefined) {
      this.deps.send(`a:${first}:${this.deps.id}`).catch(() => {});
      return true;
    }
    if (kind === 'a' && first !== undefined && second !== undefined) {
      const wait = this.#waits.get(first);
      wait?.pending.delete(second);
      if (wait?.pending.size === 0) wait.done();
      return true;
    }
    return false;
  }

  /** Trusts nothing kept until the next heartbeat is heard (the listener was lost). */
  distrust(): void {
    this.#trustedUntil = 0;
    this.#sentAt.clear();
  }

  /**
   * Resolves once every other live process has heard every change committed before this call,
   * or can no longer trust what it kept from before it. Call it after the change committed.
   */
  async everywhere(): Promise<void> {
    const started = this.deps.now();
    // Not knowing who listens, every other process is waited for until the lease runs out.
    const live = await this.deps
      .liveListeners(LEASE_MS + MARGIN_MS)
      .catch(() => [UNKNOWN]);
    const pending = new Set(live);
    pending.delete(this.deps.id);
    if (pending.size === 0) return;
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<void>((resolve) => {
      this.#waits.set(token, { pending, done: resolve });
      timer = setTimeout(
        resolve,
        LEASE_MS + MARGIN_MS - (this.deps.now() - started),
      );
    });
    try {
      await this.deps.send(`b:${token}`).catch(() => {});
      await answered;
    } finally {
      clearTimeout(timer);
      this.#waits.delete(token);
    }
  }

  #confirm(seq: number) {
    const sentAt = this.#sentAt.get(seq);
    if (sentAt === undefined) return;
    this.#trustedUntil = Math.max(this.#trustedUntil, sentAt + LEASE_MS);
    for (const earlier of this.#sentAt.keys())
      if (earlier <= seq) this.#sentAt.delete(earlier);
  }
}
