import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueApplicationEvents } from '../../src/modules/webhooks/webhooks.repository';
import { createApplication, createCompany, createJob } from '../factories';
import { settingsOf, startWorkerProcess, stopProcess } from '../processes';
import { createTestApp, type TestApp } from '../test-app';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../webhook-receiver';

// A worker process killed with SIGKILL while a webhook request is in flight. Worker processes
// need a database that outlives them, so this runs against PostgreSQL only.
let t: TestApp;
let receiver: WebhookReceiver;
const workers: ChildProcess[] = [];

const until = async (check: () => Promise<boolean> | boolean, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
};

describe.runIf(process.env.DATABASE_URL)('a worker killed mid-delivery', () => {
  beforeAll(async () => {
    t = await createTestApp();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    for (const worker of workers) await stopProcess(worker);
    await receiver?.close();
    await t?.close();
  });

  it('loses nothing: the next worker delivers what the dead one had claimed, in order', async () => {
    const company = await createCompany(t.db);
    const job = await createJob(t.db, { company_id: company.id });
    await t.db
      .insertInto('webhook_endpoints')
      .values({
        company_id: company.id,
        url: receiver.url,
        events: JSON.stringify(['application.created', 'application.invited']),
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .execute();
    const applications = [
      await createApplication(t.db, { job_id: job.id }),
      await createApplication(t.db, { job_id: job.id }),
    ];
    const ids = applications.map((application) => application.id);
    for (const event of ['application.created', 'application.invited'] as const)
      await queueApplicationEvents(t.db, {
        companyId: company.id,
        event,
        applicationIds: ids,
      });

    // The endpoint holds every request open: the worker is mid-delivery when it dies.
    receiver.respondWith(() => ({ status: 200, delayMs: 60_000 }));
    const env = { ...settingsOf(t), WEBHOOK_ALLOW_PRIVATE: 'true' };
    const first = startWorkerProcess(env);
    workers.push(first);
    expect(await until(() => receiver.received.length === 2, 30_000)).toBe(
      true,
    );
    await stopProcess(first);
    const inFlight = await t.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempts', 'event'])
      .where('company_id', '=', company.id)
      .orderBy('id')
      .execute();
    expect(inFlight.map((row) => row.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    expect(inFlight.filter((row) => row.attempts === 1)).toHaveLength(2);

    receiver.respondWith(() => ({ status: 200, body: 'ok' }));
    const second = startWorkerProcess(env);
    workers.push(second);
    const delivered = () =>
      t.db
        .selectFrom('webhook_deliveries')
        .select('status')
        .where('company_id', '=', company.id)
        .where('status', '=', 'delivered')
        .execute()
        .then((rows) => rows.length === 4);
    // The dead worker's claim runs out (its lease), then the new one takes it over.
    expect(await until(delivered, 45_000)).toBe(true);
    await stopProcess(second);

    // At least once: the two claimed by the dead worker came twice, the same message each time;
    // and each application's created came before its invited.
    const seen = receiver.received.map((hook) => {
      const payload = JSON.parse(hook.body) as {
        type: string;
        data: { id: number };
      };
      return `${payload.data.id} ${payload.type}`;
    });
    expect(seen).toHaveLength(6);
    for (const id of ids) {
      const mine = seen.filter((line) => line.startsWith(`${id} `));
      expect(mine).toEqual([
        `${id} application.created`,
        `${id} application.created`,
        `${id} application.invited`,
      ]);
    }
  }, 120_000);
});
