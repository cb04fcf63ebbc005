import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PermanentTaskError, defineTaskHandler } from './task-handler';
import { createTaskPoller, retryDelaySeconds } from './task-poller';
import {
  claimDueTasks,
  completeTask,
  enqueueTask,
  renewTaskLease,
  type ClaimedTask,
} from './tasks.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const findTask = (id: number) =>
  t.db
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const makeDue = (id: number) =>
  t.db
    .updateTable('tasks')
    .set({ run_at: new Date(Date.now() - 1000) })
    .where('id', '=', String(id))
    .execute();

describe('the tasks queue', () => {
  it('runs a task once and marks it done', async () => {
    const seen: number[] = [];
    const poller = createTaskPoller([
      defineTaskHandler({
        kind: 'test.ok',
        payload: z.object({ n: z.number() }),
        async run(_ctx, payload) {
          seen.push(payload.n);
        },
      }),
    ]);
    const id = await t.db
      .transaction()
      .execute((trx) =>
        enqueueTask(trx, { kind: 'test.ok', payload: { n: 7 } }),
      );
    expect(await poller.runOnce(t.ctx)).toBe(1);
    expect(await poller.runOnce(t.ctx)).toBe(0);
    expect(seen).toEqual([7]);
    expect(await findTask(id)).toMatchObject({
      status: 'done',
      attempts: 1,
      locked_until: null,
    });
  });

  it('retries with growing back-off, then fails with the reason and gives up once', async () => {
    const givenUp: string[] = [];
    const poller = createTaskPoller([
      defineTaskHandler({
        kind: 'test.flaky',
        payload: z.object({}),
        maxAttempts: 3,
        async run() {
          throw new Error('storage is down');
        },
        async onGiveUp(_ctx, _payload, reason) {
          givenUp.push(reason);
        },
      }),
    ]);
    const id = await enqueueTask(t.db, { kind: 'test.flaky', payload: {} });
    const before = Date.now();
    expect(await poller.runOnce(t.ctx)).toBe(1);
    let task = await findTask(id);
    expect(task).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'storage is down',
    });
    expect(new Date(task.run_at).getTime()).toBeGreaterThanOrEqual(
      before + 29_000,
    );
    // Not due yet: nothing to do.
    expect(await poller.runOnce(t.ctx)).toBe(0);

    await makeDue(id);
    await poller.runOnce(t.ctx);
    await makeDue(id);
    await poller.runOnce(t.ctx);
    task = await findTask(id);
    expect(task).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'storage is down',
    });
    expect(task.finished_at).not.toBeNull();
    expect(givenUp).toEqual(['storage is down']);
    expect([1, 2, 3, 10].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600]);
  });

  it('fails a permanent error at once, and a payload that does not fit the schema', async () => {
    const poller = createTaskPoller([
      defineTaskHandler({
        kind: 'test.bad',
        payload: z.object({ url: z.string() }),
        async run() {
          throw new PermanentTaskError('not a video');
        },
      }),
    ]);
    const bad = await enqueueTask(t.db, {
      kind: 'test.bad',
      payload: { url: 'x' },
    });
    const malformed = await enqueueTask(t.db, {
      kind: 'test.bad',
      payload: { nope: 1 },
    });
    await poller.runOnce(t.ctx);
    await poller.runOnce(t.ctx);
    expect(await findTask(bad)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'not a video',
    });
    expect(await findTask(malformed)).toMatchObject({
      status: 'failed',
      attempts: 1,
    });
    expect((await findTask(malformed)).last_error).toMatch(/Invalid payload/);
  });

  it('leases a claim, claims again when the lease runs out, and leaves unknown kinds alone', async () => {
    const id = await enqueueTask(t.db, { kind: 'test.lease', payload: {} });
    const other = await enqueueTask(t.db, {
      kind: 'test.someone-else',
      payload: {},
    });
    const first = await claimDueTasks(t.db, {
      kinds: ['test.lease'],
      limit: 5,
      leaseSeconds: 60,
    });
    expect(first.map((task) => task.id)).toEqual([id]);
    expect(
      await claimDueTasks(t.db, {
        kinds: ['test.lease'],
        limit: 5,
        leaseSeconds: 60,
      }),
    ).toEqual([]);
    // The worker died: once its lease is over, another claims the task.
    await t.db
      .updateTable('tasks')
      .set({ locked_until: new Date(Date.now() - 1) })
      .where('id', '=', String(id))
      .execute();
    const again = await claimDueTasks(t.db, {
      kinds: ['test.lease'],
      limit: 5,
      leaseSeconds: 60,
    });
    expect(again).toMatchObject([{ id, attempts: 2 }]);
    expect(await findTask(other)).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
  });

  it('renews the lease while the handler runs, so a task longer than its lease stays with its worker', async () => {
    // A three-second lease, renewed every second; the task takes four and a half.
    const ctx = { ...t.ctx, config: { ...t.ctx.config, taskLeaseSeconds: 3 } };
    const seenByOthers: ClaimedTask[][] = [];
    const poller = createTaskPoller([
      defineTaskHandler({
        kind: 'test.slow',
        payload: z.object({}),
        async run() {
          await sleep(3500);
          // Another worker looks for work once the first lease would have run out.
          seenByOthers.push(
            await claimDueTasks(t.db, {
              kinds: ['test.slow'],
              limit: 5,
              leaseSeconds: 3,
            }),
          );
          await sleep(1000);
        },
      }),
    ]);
    const id = await enqueueTask(t.db, { kind: 'test.slow', payload: {} });
    expect(await poller.runOnce(ctx)).toBe(1);
    expect(seenByOthers).toEqual([[]]);
    expect(await findTask(id)).toMatchObject({
      status: 'done',
      attempts: 1,
      locked_until: null,
    });
  }, 15_000);

  it.each([
    { outcome: 'done', error: null },
    { outcome: 'retried', error: 'storage is down' },
    { outcome: 'failed', error: 'not a video' },
  ])(
    'a worker that lost its claim while running cannot mark the task $outcome',
    async ({ error }) => {
      const givenUp: string[] = [];
      let takenOver: ClaimedTask | undefined;
      let oldClaimRenewed: boolean | undefined;
      const poller = createTaskPoller([
        defineTaskHandler({
          kind: 'test.lost',
          payload: z.object({}),
          async run(_ctx, _payload, task) {
            // This worker was paused past its lease and another worker claimed the task.
            await t.db
              .updateTable('tasks')
              .set({ locked_until: new Date(Date.now() - 1) })
              .where('id', '=', String(task.id))
              .execute();
            [takenOver] = await claimDueTasks(t.db, {
              kinds: ['test.lost'],
              limit: 1,
              leaseSeconds: 60,
            });
            oldClaimRenewed = await renewTaskLease(t.db, task, 60);
            if (error === 'not a video') throw new PermanentTaskError(error);
            if (error) throw new Error(error);
          },
          async onGiveUp(_ctx, _payload, reason) {
            givenUp.push(reason);
          },
        }),
      ]);
      const id = await enqueueTask(t.db, { kind: 'test.lost', payload: {} });
      expect(await poller.runOnce(t.ctx)).toBe(1);

      // The other worker's claim is untouched: still pending, leased, no error recorded.
      const task = await findTask(id);
      expect(task).toMatchObject({
        status: 'pending',
        attempts: 2,
        last_error: null,
        finished_at: null,
      });
      expect(new Date(task.locked_until ?? 0).getTime()).toBeGreaterThan(
        Date.now() + 50_000,
      );
      expect(givenUp).toEqual([]);
      expect(oldClaimRenewed).toBe(false);
      // The current claim still finishes it.
      expect(takenOver).toMatchObject({ id, attempts: 2 });
      if (takenOver) expect(await completeTask(t.db, takenOver)).toBe(true);
      expect(await findTask(id)).toMatchObject({ status: 'done' });
    },
  );
});
