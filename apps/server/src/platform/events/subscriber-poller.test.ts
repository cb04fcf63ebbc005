import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Db } from '../../db/connection';
import { emit } from './emit';
import { createSubscriberPoller } from './subscriber-poller';
import type { Poller } from '../../worker/pollers';
import type { AfterCommitSubscriber, StoredEvent } from './subscribers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;

/** One change of a company's settings, in its own transaction as a service makes it. */
async function changeSettings(db: Db, companyId: number): Promise<void> {
  await db
    .transaction()
    .execute((trx) =>
      emit(trx, { type: 'settings.updated', companyId, data: {} }),
    );
}

/**
 * A subscriber that keeps the ids it handled of one company's events (or of all), and throws
 * while `failing()` says so.
 */
function recorder(
  name: string,
  options: { companyId?: number; failing?: () => boolean } = {},
) {
  const handled: string[] = [];
  const subscriber: AfterCommitSubscriber = {
    name,
    delivery: 'after-commit',
    startFrom: 'now',
    events: ['settings.updated'],
    async handle(_db, event: StoredEvent) {
      if (options.failing?.()) throw new Error(`${name}: the endpoint is down`);
      if (
        options.companyId === undefined ||
        event.companyId === options.companyId
      )
        handled.push(event.id);
    },
  };
  return { subscriber, handled };
}

/**
 * Runs the poller until `done()`, as the worker's loop would. On PostgreSQL a transaction still
 * open anywhere on the server (another test file's) holds events back until it ends.
 */
async function runUntil(poller: Poller, done: () => boolean): Promise<void> {
  const giveUp = Date.now() + 20_000;
  while (!done() && Date.now() < giveUp) {
    if ((await poller.runOnce(t.ctx)) === 0)
      await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('after-commit subscribers', () => {
  it('a subscriber throwing for an hour delays no other, then catches up in order, once each', async () => {
    const company = await createCompany(t.db);
    let clock = new Date('2026-12-07T09:00:00Z');
    const downUntil = new Date(clock.getTime() + 60 * MINUTE);
    const flaky = recorder('test-flaky', {
      companyId: company.id,
      failing: () => clock < downUntil,
    });
    const steady = recorder('test-steady', { companyId: company.id });
    const poller = createSubscriberPoller(
      [flaky.subscriber, steady.subscriber],
      {
        now: () => clock,
      },
    );
    await poller.runOnce(t.ctx);

    const emitted: string[] = [];
    for (let minute = 0; minute < 60; minute += 5) {
      await changeSettings(t.db, company.id);
      emitted.push(await newestEventId(t.db));
      await runUntil(poller, () => steady.handled.length === emitted.length);
      // The steady one is never behind, whatever the flaky one does.
      expect(steady.handled).toEqual(emitted);
      expect(flaky.handled).toEqual([]);
      clock = new Date(clock.getTime() + 5 * MINUTE);
    }
    const waiting = await t.db
      .selectFrom('event_subscriptions')
      .select(['attempts', 'retry_at', 'last_error'])
      .where('name', '=', 'test-flaky')
      .executeTakeFirstOrThrow();
    expect(waiting.attempts).toBeGreaterThan(1);
    expect(waiting.last_error).toContain('the endpoint is down');

    // Up again: once its back-off (an hour at most) is over, it takes everything it missed.
    clock = new Date(downUntil.getTime() + 60 * MINUTE);
    await runUntil(poller, () => flaky.handled.length === emitted.length);
    expect(flaky.handled).toEqual(emitted);
    expect(steady.handled).toEqual(emitted);
    const caughtUp = await t.db
      .selectFrom('event_subscriptions')
      .select(['attempts', 'retry_at', 'last_error'])
      .where('name', '=', 'test-flaky')
      .executeTakeFirstOrThrow();
    expect(caughtUp).toEqual({ attempts: 0, retry_at: null, last_error: null });
  });

  it('a new subscriber from the beginning replays every event kept', async () => {
    const company = await createCompany(t.db);
    await changeSettings(t.db, company.id);
    const replay = recorder('test-replay');
    const poller = createSubscriberPoller([
      { ...replay.subscriber, startFrom: 'beginning' },
    ]);
    const all = await t.db
      .selectFrom('domain_events')
      .select('id')
      .where('type', '=', 'settings.updated')
      .orderBy('tx_id')
      .orderBy('id')
      .execute();
    await runUntil(poller, () => replay.handled.length >= all.length);
    expect(replay.handled).toEqual(all.map((row) => row.id));
  });

  // PGlite has one connection, so two transactions cannot overlap there.
  it.runIf(process.env.DATABASE_URL)(
    'does not pass an event that commits after a later id was read',
    async () => {
      const company = await createCompany(t.db);
      const late = recorder('test-late', { companyId: company.id });
      const poller = createSubscriberPoller([late.subscriber]);
      await poller.runOnce(t.ctx);
      let commitFirst: () => void = () => {};
      const held = new Promise<void>((resolve) => (commitFirst = resolve));
      // The first change takes the lower id and commits last.
      const first = t.db.transaction().execute(async (trx) => {
        await emit(trx, {
          type: 'settings.updated',
          companyId: company.id,
          data: {},
        });
        await held;
      });
      try {
        await new Promise((resolve) => setTimeout(resolve, 100));
        await changeSettings(t.db, company.id);
        for (let round = 0; round < 5; round++) await poller.runOnce(t.ctx);
        expect(late.handled).toEqual([]);
      } finally {
        commitFirst();
        await first;
      }
      await runUntil(poller, () => late.handled.length === 2);
      expect(late.handled).toHaveLength(2);
      expect(Number(late.handled[0])).toBeLessThan(Number(late.handled[1]));
    },
  );
});

async function newestEventId(db: Db): Promise<string> {
  const row = await db
    .selectFrom('domain_events')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}
