import { describe, expect, it } from 'vitest';
import { MAX_AGE_MS, MAX_ENTRIES, SessionCache } from './session-cache';

const NOW = 1_000_000;
const session = (userId: number, expiresAt = NOW + 3_600_000) => ({
  row: { userId },
  userId,
  expiresAt,
});

function listeningCache() {
  const cache = new SessionCache<{ userId: number }>();
  cache.listening();
  return cache;
}

describe('the session cache', () => {
  it('keeps a read session until it expires or grows old', () => {
    const cache = listeningCache();
    cache.keep('a', session(1, NOW + 10_000), cache.generation, NOW);
    expect(cache.read('a', NOW + 9_999)).toEqual({ userId: 1 });
    expect(cache.read('a', NOW + 10_000)).toBeUndefined();
    cache.keep('b', session(2), cache.generation, NOW);
    expect(cache.read('b', NOW + MAX_AGE_MS - 1)).toEqual({ userId: 2 });
    expect(cache.read('b', NOW + MAX_AGE_MS)).toBeUndefined();
  });

  it('forgets a session, or every session of a user, when told', () => {
    const cache = listeningCache();
    cache.keep('a', session(1), cache.generation, NOW);
    cache.keep('b', session(1), cache.generation, NOW);
    cache.keep('c', session(2), cache.generation, NOW);
    cache.forgetSession('c');
    expect(cache.read('c', NOW)).toBeUndefined();
    expect(cache.read('a', NOW)).toEqual({ userId: 1 });
    cache.forgetUser(1);
    expect(cache.read('a', NOW)).toBeUndefined();
    expect(cache.read('b', NOW)).toBeUndefined();
    cache.keep('d', session(3), cache.generation, NOW);
    cache.forgetAll();
    expect(cache.read('d', NOW)).toBeUndefined();
  });

  it('does not keep a read that something was forgotten during', () => {
    const cache = listeningCache();
    const readSince = cache.generation;
    cache.forgetSession('a');
    cache.keep('a', session(1), readSince, NOW);
    expect(cache.read('a', NOW)).toBeUndefined();
  });

  it('trusts nothing and keeps nothing while notices may go unheard', () => {
    const cache = new SessionCache<{ userId: number }>();
    cache.keep('a', session(1), cache.generation, NOW);
    expect(cache.read('a', NOW)).toBeUndefined();
    cache.listening();
    cache.keep('a', session(1), cache.generation, NOW);
    cache.deaf();
    expect(cache.read('a', NOW)).toBeUndefined();
    cache.listening();
    expect(cache.read('a', NOW)).toBeUndefined();
  });

  it('uses and keeps nothing once its own heartbeat is older than the lease', () => {
    let trustedUntil = NOW + 1_000;
    const cache = new SessionCache<{ userId: number }>(() => trustedUntil);
    cache.listening();
    cache.keep('a', session(1), cache.generation, NOW);
    expect(cache.read('a', NOW + 999)).toEqual({ userId: 1 });
    expect(cache.read('a', NOW + 1_000)).toBeUndefined();
    cache.keep('b', session(2), cache.generation, NOW + 1_000);
    trustedUntil = NOW + 5_000;
    expect(cache.read('b', NOW + 1_001)).toBeUndefined();
  });

  it('holds at most MAX_ENTRIES, dropping the oldest', () => {
    const cache = listeningCache();
    for (let index = 0; index <= MAX_ENTRIES; index++)
      cache.keep(`s${index}`, session(index), cache.generation, NOW);
    expect(cache.read('s0', NOW)).toBeUndefined();
    expect(cache.read('s1', NOW)).toEqual({ userId: 1 });
    expect(cache.read(`s${MAX_ENTRIES}`, NOW)).toEqual({ userId: MAX_ENTRIES });
  });
});
