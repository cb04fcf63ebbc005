import { ERRORS, type Lock } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { postgresNotices } from '../../db/change-notices';
import { createStaleTakesPoller } from './stale-takes-poller';
import { createUploadLocker, type UploadLockTimes } from './upload-locker';

// Each locker listens on a connection of its own and keeps its own holders, as two API servers
// would; they share only the database. The embedded database has one process and keeps
// @tus/server's own lock, so these run on PostgreSQL only.
const databaseUrl = process.env.DATABASE_URL;

let t: TestApp;
const stops: (() => Promise<void>)[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
  await t.close();
});

function server(times?: Partial<UploadLockTimes>) {
  const url = t.ctx.config.databaseUrl;
  if (!url) throw new Error('PostgreSQL only');
  const { locker, stop } = createUploadLocker({
    db: t.db,
    notices: postgresNotices(url),
    times,
  });
  stops.push(stop);
  return locker;
}

const signal = () => new AbortController().signal;
// Until its listening connection is up, a locker cannot hear the other's request.
const listening = () => new Promise((resolve) => setTimeout(resolve, 500));

describe.skipIf(!databaseUrl)('the upload lock across servers', () => {
  it("asks the other server's holder to let go, then takes the lock", async () => {
    const first = server();
    const second = server();
    await listening();
    const events: string[] = [];
    const held: Lock = first.newLock('take-a');
    await held.lock(signal(), async () => {
      events.push('first asked to let go');
      await held.unlock();
      events.push('first let go');
    });
    await second.newLock('take-a').lock(signal(), () => {});
    events.push('second holds it');
    expect(events).toEqual([
      'first asked to let go',
      'first let go',
      'second holds it',
    ]);
  });

  it('takes the lock of a server that died once its lease ends', async () => {
    // No heartbeat within the test: the holder stopped writing and never unlocks.
    const dead = server({ leaseMs: 300, heartbeatMs: 60_000 });
    const alive = server();
    await dead.newLock('take-b').lock(signal(), () => {});
    const started = Date.now();
    await alive.newLock('take-b').lock(signal(), () => {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });

  it('keeps the lock of a holder that is still writing, and the waiting request gives up', async () => {
    const writing = server({ leaseMs: 300, heartbeatMs: 100 });
    const waiting = server({ acquireTimeoutMs: 1_000 });
    await listening();
    // A holder that does not let go when asked (a request in the middle of its last bytes).
    const held = writing.newLock('take-c');
    await held.lock(signal(), () => {});
    await expect(
      waiting.newLock('take-c').lock(signal(), () => {}),
    ).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
    await waiting.newLock('take-c').lock(signal(), () => {});
  });

  it("removes a dead server's lapsed locks with the stale takes", async () => {
    const dead = server({ leaseMs: 100, heartbeatMs: 60_000 });
    await dead.newLock('take-e').lock(signal(), () => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    await createStaleTakesPoller().runOnce(t.ctx);
    const left = await t.db
      .selectFrom('upload_locks')
      .select('upload_id')
      .where('upload_id', '=', 'take-e')
      .execute();
    expect(left).toEqual([]);
  });

  it('serialises the requests of one server too', async () => {
    const one = server();
    const first = one.newLock('take-d');
    await first.lock(signal(), () => void first.unlock());
    await one.newLock('take-d').lock(signal(), () => {});
    const rows = await t.db
      .selectFrom('upload_locks')
      .select('upload_id')
      .where('upload_id', '=', 'take-d')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
