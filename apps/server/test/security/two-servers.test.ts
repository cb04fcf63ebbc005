import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../src/app';
import { createAppContext, type AppContext } from '../../src/app-context';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/connection';
import { createOutboxPoller } from '../../src/platform/mail/outbox-poller';
import { enqueueEmails } from '../../src/platform/mail/outbox.repository';
import { SESSION_COOKIE } from '../../src/platform/auth/session';
import type { App } from '../../src/platform/http/app-types';
import { createCompany, createUser, TEST_PASSWORD } from '../factories';
import { startSmtpCapture } from '../smtp-capture';
import { createTestApp, type TestApp } from '../test-app';
import { TestClient } from '../test-client';

// Two server processes on one database: a second app with its own context (and, on PostgreSQL,
// its own connection pool). The embedded database lives inside one process, so there the second
// app shares the first one's database handle: sessions and claims still go through the database.

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;
let second: { app: App; ctx: AppContext; close: () => Promise<void> };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: t.dataDir,
    SEED_DEMO: 'false',
    RUN_WORKER: 'false',
    SIGNING_SECRET: t.ctx.config.signingSecret,
    PUBLIC_URL: t.ctx.config.publicUrl,
    WEB_DIST: t.ctx.config.webDist,
    SMTP_URL: smtp.url,
    ...(t.ctx.config.databaseUrl
      ? { DATABASE_URL: t.ctx.config.databaseUrl }
      : {}),
  });
  const { db, notices } = config.databaseUrl
    ? await openDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir: 'memory://',
      })
    : t.ctx;
  const ctx = createAppContext(config, db, notices);
  const app = await buildApp({ ctx });
  await app.ready();
  second = {
    app,
    ctx,
    close: async () => {
      await app.close();
      if (db !== t.db) await db.destroy();
    },
  };
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  await smtp?.close();
});

describe('two servers on one database', () => {
  test('a session made on one server works on the other, and logout on either ends it', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companies: [company.id] });
    const onFirst = t.client();
    await onFirst.signIn(user.email, TEST_PASSWORD);
    const onSecond = new TestClient(second.app);
    for (const name of [SESSION_COOKIE, 'csrftoken']) {
      const value = onFirst.cookie(name);
      if (value) onSecond.setCookie(name, value);
    }
    const me = await onSecond.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
    // A change through the second server with the first server's CSRF cookie.
    const settings = await onSecond.get('/api/settings');
    expect(settings.statusCode).toBe(200);

    // Each server keeps the session it read (decision 105) and forgets it when the other one,
    // or anyone, changes it: at once on the embedded database, which tells its listeners
    // before the change returns, within milliseconds on PostgreSQL.
    expect((await onFirst.get('/api/user')).json().first_name).toBe(
      user.first_name,
    );
    await t.db
      .updateTable('users')
      .set({ first_name: 'Renamed' })
      .where('id', '=', user.id)
      .execute();
    await vi.waitFor(
      async () =>
        expect((await onFirst.get('/api/user')).json().first_name).toBe(
          'Renamed',
        ),
      { timeout: 2000, interval: 5 },
    );
    await onSecond.get('/logout/ajax');
    await vi.waitFor(
      async () => expect((await onFirst.get('/api/user')).statusCode).toBe(401),
      { timeout: 2000, interval: 5 },
    );
  });

  test.runIf(process.env.DATABASE_URL)(
    'a server that lost its listening connection reads sessions afresh, then listens again',
    async () => {
      const company = await createCompany(t.db);
      const other = await createCompany(t.db);
      const user = await createUser(t.db, {
        companies: [company.id, other.id],
      });
      const client = t.client();
      await client.signIn(user.email, TEST_PASSWORD);
      expect((await client.get('/api/user')).statusCode).toBe(200);
      // Another process moves the user to a company; this server must show it.
      const movedTo = async (target: { id: number; shortname: string }) => {
        await t.db
          .updateTable('users')
          .set({ current_company_id: target.id })
          .where('id', '=', user.id)
          .execute();
        await vi.waitFor(
          async () =>
            expect(
              (await client.get('/api/user')).json().current_company,
            ).toMatchObject({ shortname: target.shortname }),
          { timeout: 2000, interval: 5 },
        );
      };
      const listening = sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN %'`;
      const before = (await listening.execute(t.db)).rows.length;
      expect(before).toBeGreaterThan(0);
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN %'`.execute(
        t.db,
      );
      // Changed while nobody listens: the notice is lost, so no cached session may be used.
      await movedTo(other);
      // Listening again: a later change is heard as before.
      await vi.waitFor(
        async () =>
          expect((await listening.execute(t.db)).rows.length).toBe(before),
        { timeout: 5000, interval: 50 },
      );
      await movedTo(company);
    },
  );

  test('two workers sending the outbox at once send every e-mail exactly once', async () => {
    const company = await createCompany(t.db);
    const recipients = Array.from(
      { length: 60 },
      (_, index) => `twice${index}@example.test`,
    );
    await enqueueEmails(
      t.db,
      recipients.map((to) => ({
        companyId: company.id,
        kind: 'message',
        to,
        fromName: 'Test',
        replyTo: '',
        subject: 'Once only',
        html: '<p>Once</p>',
        text: 'Once',
      })),
    );
    // Small batches so that both workers have to take turns many times.
    const workers = [
      { poller: createOutboxPoller({ batch: 5 }), ctx: t.ctx },
      { poller: createOutboxPoller({ batch: 5 }), ctx: second.ctx },
    ];
    try {
      for (let round = 0; round < 40; round++) {
        const done = await Promise.all(
          workers.map(({ poller, ctx }) => poller.runOnce(ctx)),
        );
        if (done.every((count) => count === 0)) break;
      }
    } finally {
      for (const { poller } of workers) poller.close();
    }
    const delivered = smtp.messages
      .filter((message) => message.subject === 'Once only')
      .flatMap((message) => message.envelopeTo.map((to) => to.toLowerCase()));
    expect(delivered.sort()).toEqual([...recipients].sort());
    const pending = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('status', '!=', 'sent')
      .execute();
    expect(pending).toEqual([]);
  });
});
