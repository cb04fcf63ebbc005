import type { Db } from '../../db/connection';
import { renewTaskLease, type TaskClaim } from './tasks.repository';

/**
 * Renews a claimed task's lease every third of the lease while its handler runs, so a live
 * worker keeps its claim through a long transcode and a dead one loses it within one lease.
 * Renewing stops for good once the claim is found gone (another worker holds it now).
 */
export function startLeaseHeartbeat(
  db: Db,
  claim: TaskClaim,
  leaseSeconds: number,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let renewing: Promise<void> = Promise.resolve();

  const beat = async () => {
    try {
      if (!(await renewTaskLease(db, claim, leaseSeconds))) stopped = true;
    } catch {
      // The database is briefly unreachable: the next beat tries again, and if the lease
      // runs out meanwhile the claim checks keep this worker from finishing another's claim.
    }
    schedule();
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        renewing = beat();
      },
      (leaseSeconds * 1000) / 3,
    );
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A renewal in flight must not outlive the task's own last write.
      await renewing;
    },
  };
}
