import type { AppContext } from '../app-context';

/** One kind of background work: claims what is due, does it, and says how much it did. */
export type Poller = {
  name: string;
  idleDelayMs: number;
  runOnce(ctx: AppContext): Promise<number>;
};

/**
 * Runs each poller in its own loop until stopped. A loop that found work goes again at once;
 * an idle one sleeps. Work is claimed in PostgreSQL, so several workers can share it.
 */
export function startPollers(
  ctx: AppContext,
  pollers: Poller[],
  log: (message: string, error?: unknown) => void,
) {
  let running = true;
  // Idle sleeps end at once on stop: some pollers sleep for minutes between rounds.
  const wakeUps = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakeUps.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakeUps.add(wake);
    });
  const loops = pollers.map(async (poller) => {
    while (running) {
      let done = 0;
      try {
        done = await poller.runOnce(ctx);
      } catch (error) {
        log(`${poller.name} failed`, error);
      }
      if (done === 0 && running) await sleep(poller.idleDelayMs);
    }
  });
  return {
    async stop() {
      running = false;
      for (const wake of [...wakeUps]) wake();
      await Promise.all(loops);
    },
  };
}
