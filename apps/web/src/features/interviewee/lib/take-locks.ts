/**
 * Web Locks keep two tabs of the same interview from recording or sending the same take at
 * once: the recording tab holds the take's recording lock, and one tab at a time holds its
 * upload lock (a second tab waits and takes over when the first one closes). Browsers without
 * Web Locks run as if each tab were alone.
 */
const locks = (): LockManager | null =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;

export const recordingLock = (takeId: string) =>
  `candor-take-recording:${takeId}`;
export const uploadLock = (takeId: string) => `candor-take-upload:${takeId}`;

/** Holds the lock until `until` settles. */
export function holdLock(name: string, until: Promise<unknown>): void {
  void locks()?.request(name, () => until.catch(() => undefined));
}

/** Whether nobody holds the lock (always true without Web Locks). */
export async function isLockFree(name: string): Promise<boolean> {
  const manager = locks();
  if (!manager) return true;
  return manager.request(name, { ifAvailable: true }, (lock) => lock !== null);
}

/** Runs `work` while holding the lock, after whoever holds it now lets go. */
export function withLock(
  name: string,
  work: () => Promise<void>,
): Promise<void> {
  const manager = locks();
  return manager ? manager.request(name, work) : work();
}
