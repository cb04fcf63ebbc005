import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEASE_MS, NoticeBarrier } from './notice-barrier';

/** Processes on one channel: every notice sent reaches every barrier, in order. */
function channel(ids: string[], options: { live?: string[] } = {}) {
  const sent: string[] = [];
  let now = 1_000_000;
  const barriers = new Map<string, NoticeBarrier>();
  const deliver = () => {
    while (sent.length > 0) {
      const payload = sent.shift() ?? '';
      for (const barrier of barriers.values()) barrier.heard(payload);
    }
  };
  for (const id of ids)
    barriers.set(
      id,
      new NoticeBarrier({
        id,
        beat: (payload) => {
          sent.push(payload);
          return Promise.resolve();
        },
        send: (payload) => {
          sent.push(payload);
          return Promise.resolve();
        },
        liveListeners: () => Promise.resolve(options.live ?? ids),
        now: () => now,
      }),
    );
  return {
    sent,
    deliver,
    at: (id: string) => barriers.get(id) as NoticeBarrier,
    advance: (ms: number) => (now += ms),
    get now() {
      return now;
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('NoticeBarrier (decision 187)', () => {
  it('trusts what it keeps only for a lease after it heard its own heartbeat', async () => {
    const net = channel(['a', 'b']);
    const a = net.at('a');
    expect(a.trustedUntil).toBe(0);
    const sentAt = net.now;
    await a.beat();
    net.advance(300);
    expect(a.trustedUntil).toBe(0);
    net.deliver();
    expect(a.trustedUntil).toBe(sentAt + LEASE_MS);
    // Another process's heartbeat proves nothing about this one's listener.
    await net.at('b').beat();
    net.deliver();
    expect(a.trustedUntil).toBe(sentAt + LEASE_MS);
    a.distrust();
    expect(a.trustedUntil).toBe(0);
  });

  it('answers a barrier when its notice arrives, and waits for every other process', async () => {
    const net = channel(['a', 'b', 'c']);
    let done = false;
    const waiting = net
      .at('a')
      .everywhere()
      .then(() => (done = true));
    await vi.waitFor(() => expect(net.sent).toHaveLength(1));
    expect(net.sent[0]).toMatch(/^b:/);
    net.deliver();
    await waiting;
    expect(done).toBe(true);
  });

  it('gives up on a process that does not answer once its lease has run out', async () => {
    vi.useFakeTimers();
    const net = channel(['a'], { live: ['a', 'gone'] });
    let done = false;
    const waiting = net
      .at('a')
      .everywhere()
      .then(() => (done = true));
    await vi.advanceTimersByTimeAsync(10);
    net.deliver();
    await vi.advanceTimersByTimeAsync(LEASE_MS - 100);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await waiting;
    expect(done).toBe(true);
  });

  it('does not wait when no other process listens', async () => {
    const net = channel(['a']);
    await net.at('a').everywhere();
    expect(net.sent).toEqual([]);
  });

  it('leaves notices that are not its own to the sessions', () => {
    const net = channel(['a']);
    expect(net.at('a').heard('s:abc')).toBe(false);
    expect(net.at('a').heard('u:12')).toBe(false);
  });
});
