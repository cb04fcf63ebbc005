import { describe, expect, it } from 'vitest';
import { createReportCache } from './report-cache';

/** A computation the test finishes by hand, counting how often it was started. */
function counted() {
  let runs = 0;
  const finishers: Array<(value: string) => void> = [];
  return {
    compute: () => {
      runs += 1;
      return new Promise<string>((done) => finishers.push(done));
    },
    finish: (value: string) => finishers.shift()?.(value),
    runs: () => runs,
  };
}

const settle = () => new Promise((done) => setImmediate(done));

describe('the report cache', () => {
  it('gives requests made while a report is computed the same computation', async () => {
    const cache = createReportCache<string>({ ttlMs: 0, maxEntries: 4 });
    const work = counted();
    const first = cache.get(1, 'year', work.compute);
    const second = cache.get(1, 'year', work.compute);
    work.finish('report');
    expect(await first).toBe('report');
    expect(await second).toBe('report');
    expect(work.runs()).toBe(1);
  });

  it('reuses a finished report until it is older than the time allowed', async () => {
    let clock = 0;
    const cache = createReportCache<string>({
      ttlMs: 30_000,
      maxEntries: 4,
      now: () => clock,
    });
    const work = counted();
    void cache.get(1, 'year', work.compute);
    work.finish('first');
    await settle();
    clock = 29_999;
    expect(await cache.get(1, 'year', work.compute)).toBe('first');
    clock = 30_000;
    const fresh = cache.get(1, 'year', work.compute);
    work.finish('second');
    expect(await fresh).toBe('second');
    expect(work.runs()).toBe(2);
  });

  it('keeps reports of different periods and companies apart, and forgets a company on request', async () => {
    const cache = createReportCache<string>({ ttlMs: 60_000, maxEntries: 4 });
    const work = counted();
    const a = cache.get(1, 'year', work.compute);
    const b = cache.get(1, 'month', work.compute);
    const c = cache.get(2, 'year', work.compute);
    work.finish('a');
    work.finish('b');
    work.finish('c');
    expect([await a, await b, await c]).toEqual(['a', 'b', 'c']);
    cache.forgetCompany(1);
    const again = cache.get(1, 'year', work.compute);
    work.finish('a2');
    expect(await again).toBe('a2');
    expect(await cache.get(2, 'year', work.compute)).toBe('c');
    expect(work.runs()).toBe(4);
  });

  it('never reuses a failed computation', async () => {
    const cache = createReportCache<string>({ ttlMs: 60_000, maxEntries: 4 });
    await expect(
      cache.get(1, 'year', () => Promise.reject(new Error('database gone'))),
    ).rejects.toThrow('database gone');
    await settle();
    expect(await cache.get(1, 'year', () => Promise.resolve('back'))).toBe(
      'back',
    );
  });

  it('drops the report used longest ago beyond the size allowed', async () => {
    const cache = createReportCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    const work = counted();
    for (const key of ['a', 'b']) {
      const pending = cache.get(1, key, work.compute);
      work.finish(key);
      await pending;
    }
    expect(await cache.get(1, 'a', work.compute)).toBe('a');
    const c = cache.get(1, 'c', work.compute);
    work.finish('c');
    await c;
    // 'b' was used longest ago, so it is computed again; 'a' is still there.
    expect(await cache.get(1, 'a', work.compute)).toBe('a');
    const b = cache.get(1, 'b', work.compute);
    work.finish('b2');
    expect(await b).toBe('b2');
    expect(work.runs()).toBe(4);
  });
});
