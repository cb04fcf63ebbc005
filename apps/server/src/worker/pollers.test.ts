import { describe, expect, it } from 'vitest';
import type { AppContext } from '../app-context';
import { startPollers, type Poller } from './pollers';

describe('startPollers', () => {
  it('stops at once even while a poller sleeps for minutes between rounds', async () => {
    let rounds = 0;
    const sleepy: Poller = {
      name: 'sleepy',
      idleDelayMs: 10 * 60 * 1000,
      runOnce: async () => {
        rounds += 1;
        return 0;
      },
    };
    const workers = startPollers({} as AppContext, [sleepy], () => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    const begin = performance.now();
    await workers.stop();
    expect(performance.now() - begin).toBeLessThan(1000);
    expect(rounds).toBe(1);
  });
});
