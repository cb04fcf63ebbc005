import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createOutboxPoller } from '../../src/platform/mail/outbox-poller';
import { SESSION_COOKIE } from '../../src/platform/auth/session';
import { newShortcode, newToken } from '../../src/platform/ids';
import {
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../factories';
import {
  freePort,
  sessionHeaders,
  settingsOf,
  startServerProcess,
  stopProcess,
} from '../processes';
import { startSmtpCapture } from '../smtp-capture';
import { createTestApp, type TestApp } from '../test-app';

// A real server process killed with SIGKILL in the middle of invite_all. It needs a database
// that outlives the process, so it runs against PostgreSQL only (the embedded database lives
// inside the test process).
const APPLICANTS = 400;

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;

const startServer = (port: number) =>
  startServerProcess(port, { ...settingsOf(t), SMTP_URL: smtp.url });

/**
 * Sends a request to a fresh server process and kills it with SIGKILL while PostgreSQL shows
 * one of the request's statements (`statement`, an ILIKE pattern) inside an open transaction.
 */
async function killDuringTransaction(
  port: number,
  request: { path: string; headers: Record<string, string>; body: string },
  statement: string,
): Promise<boolean> {
  const server = await startServer(port);
  const pending = fetch(`http://127.0.0.1:${port}${request.path}`, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
  }).catch(() => null);
  let inTransaction = false;
  for (let attempt = 0; attempt < 2000 && !inTransaction; attempt++) {
    const { rows } = await sql<{ open: string }>`
      SELECT count(*) AS open FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND xact_start IS NOT NULL AND query ILIKE ${statement}`.execute(t.db);
    inTransaction = Number(rows[0]?.open ?? 0) > 0;
  }
  await stopProcess(server);
  await pending;
  return inTransaction;
}

/** Sends a request to a fresh server process and stops it afterwards. */
async function sendToNewServer(
  port: number,
  request: { path: string; headers: Record<string, string>; body: string },
): Promise<number> {
  const server = await startServer(port);
  try {
    const response = await fetch(`http://127.0.0.1:${port}${request.path}`, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    return response.status;
  } finally {
    await stopProcess(server);
  }
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe.runIf(process.env.DATABASE_URL)('a server killed mid-request', () => {
  test('invite_all killed with SIGKILL: all or nothing, then every e-mail exactly once', async () => {
    const company = await createCompany(t.db);
    const owner = await createUser(t.db, { companies: [company.id] });
    const job = await createJob(t.db, {
      company_id: company.id,
      status: 'Published',
      deadline: new Date(Date.now() + 7 * 86_400_000),
    });
    await t.db
      .insertInto('applications')
      .values(
        Array.from({ length: APPLICANTS }, (_, index) => ({
          job_id: job.id,
          first_name: 'Crash',
          last_name: `Test${index}`,
          email: `crash${index}@example.test`,
          token: newToken(),
          shortcode: newShortcode(),
        })),
      )
      .execute();
    const headers = await sessionHeaders(t.db, owner.id);
    const invited = async () => ({
      applications: (
        await t.db
          .selectFrom('applications')
          .select('id')
          .where('job_id', '=', job.id)
          .where('invited_at', 'is not', null)
          .execute()
      ).length,
      emails: (
        await t.db
          .selectFrom('outbox')
          .select('id')
          .where('job_id', '=', job.id)
          .execute()
      ).length,
    });
    const inviteAll = {
      path: `/api/jobs/${job.id}/invite_all`,
      headers,
      body: '{}',
    };
    const port = await freePort();

    expect(await killDuringTransaction(port, inviteAll, '%"outbox"%')).toBe(
      true,
    );
    // Killed mid-transaction: nothing of it was kept.
    expect(await invited()).toEqual({ applications: 0, emails: 0 });

    expect(await sendToNewServer(port, inviteAll)).toBe(200);
    expect(await invited()).toEqual({
      applications: APPLICANTS,
      emails: APPLICANTS,
    });

    const poller = createOutboxPoller();
    try {
      while ((await poller.runOnce(t.ctx)) > 0);
    } finally {
      poller.close();
    }
    const delivered = smtp.messages.flatMap((message) => message.envelopeTo);
    expect(delivered.length).toBe(APPLICANTS);
    expect(new Set(delivered).size).toBe(APPLICANTS);
  }, 120_000);
  test('a bulk add killed with SIGKILL adds nobody; sent again, it adds everyone once', async () => {
    const company = await createCompany(t.db);
    const owner = await createUser(t.db, { companies: [company.id] });
    const job = await createJob(t.db, {
      company_id: company.id,
      status: 'Published',
    });
    const rows = Array.from({ length: 3000 }, (_, index) => ({
      row: index + 1,
      user: {
        first_name: 'Bulk',
        last_name: `Row${index}`,
        email: `bulk${index}@example.test`,
      },
    }));
    const bulkAdd = {
      path: `/api/jobs/${job.id}/applications`,
      headers: await sessionHeaders(t.db, owner.id),
      body: JSON.stringify(rows),
    };
    const added = async () =>
      (
        await t.db
          .selectFrom('applications')
          .select('id')
          .where('job_id', '=', job.id)
          .execute()
      ).length;
    const port = await freePort();

    expect(
      await killDuringTransaction(port, bulkAdd, 'insert into "applications"%'),
    ).toBe(true);
    expect(await added()).toBe(0);
    expect(await sendToNewServer(port, bulkAdd)).toBe(201);
    expect(await added()).toBe(rows.length);
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL)(
  'two server processes on one database',
  () => {
    test('a session made on one process works on the other, and logout on either ends it', async () => {
      const company = await createCompany(t.db);
      const user = await createUser(t.db, { companies: [company.id] });
      const [portA, portB] = [await freePort(), await freePort()];
      const [serverA, serverB] = [
        await startServer(portA),
        await startServer(portB),
      ];
      try {
        // Sign in through the real login on A, as a browser would: token cookie first.
        const first = await fetch(`http://127.0.0.1:${portA}/login/ajax`);
        const csrf =
          /csrftoken=([^;]+)/.exec(
            first.headers.get('set-cookie') ?? '',
          )?.[1] ?? '';
        const login = await fetch(`http://127.0.0.1:${portA}/login/ajax`, {
          method: 'POST',
          headers: {
            cookie: `csrftoken=${csrf}`,
            'x-csrftoken': csrf,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            username: user.email,
            password: TEST_PASSWORD,
          }),
        });
        expect(login.status).toBe(200);
        const session = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(
          login.headers.get('set-cookie') ?? '',
        )?.[1];
        const cookie = `${SESSION_COOKIE}=${session}; csrftoken=${csrf}`;

        const onB = await fetch(`http://127.0.0.1:${portB}/api/user`, {
          headers: { cookie },
        });
        expect(onB.status).toBe(200);
        expect(((await onB.json()) as { email: string }).email).toBe(
          user.email,
        );

        // A keeps the session it read (decision 105) until B's logout is announced to it.
        const onA = await fetch(`http://127.0.0.1:${portA}/api/user`, {
          headers: { cookie },
        });
        expect(onA.status).toBe(200);
        await fetch(`http://127.0.0.1:${portB}/logout/ajax`, {
          headers: { cookie },
        });
        // Once the logout has answered, A has heard it (decision 187): no waiting.
        const afterLogout = await fetch(`http://127.0.0.1:${portA}/api/user`, {
          headers: { cookie },
        });
        expect(afterLogout.status).toBe(401);
      } finally {
        for (const server of [serverA, serverB]) await stopProcess(server);
      }
    }, 120_000);

    test('a member removed on one process sees nothing of the company on the other with the very next request', async () => {
      const company = await createCompany(t.db);
      const admin = await createUser(t.db, { companies: [company.id] });
      const member = await createUser(t.db, {
        companies: [company.id],
        role: 'member',
      });
      const job = await createJob(t.db, {
        company_id: company.id,
        title: `Secret plans ${newShortcode(4)}`,
      });
      const adminHeaders = await sessionHeaders(t.db, admin.id);
      const memberHeaders = await sessionHeaders(t.db, member.id);
      const [portA, portB] = [await freePort(), await freePort()];
      const [serverA, serverB] = [
        await startServer(portA),
        await startServer(portB),
      ];
      const jobsOnB = async () => {
        const reply = await fetch(`http://127.0.0.1:${portB}/api/jobs`, {
          headers: memberHeaders,
        });
        return { status: reply.status, body: await reply.text() };
      };
      try {
        // The issue found the removed member still let in on the other server 7 times in
        // about 40, for 26-66 ms after the removal answered; each round here removes once.
        for (let round = 0; round < 20; round++) {
          // B keeps the member's session, as it does for every request (decision 105).
          await vi.waitFor(
            async () => expect((await jobsOnB()).body).toContain(job.title),
            { timeout: 5000, interval: 10 },
          );
          expect((await jobsOnB()).body).toContain(job.title);
          const { id: membershipId } = await t.db
            .selectFrom('memberships')
            .select('id')
            .where('company_id', '=', company.id)
            .where('user_id', '=', member.id)
            .executeTakeFirstOrThrow();
          const removed = await fetch(
            `http://127.0.0.1:${portA}/api/companies/${company.shortname}/members/${membershipId}`,
            {
              method: 'DELETE',
              headers: { ...adminHeaders, 'content-type': 'text/plain' },
            },
          );
          expect(removed.status).toBe(204);
          const after = await jobsOnB();
          expect(after.body).not.toContain(job.title);
          // Back in the company for the next round, as an admin could invite them again.
          await t.db
            .insertInto('memberships')
            .values({
              company_id: company.id,
              user_id: member.id,
              role: 'member',
              status: 'active',
            })
            .execute();
          await t.db
            .updateTable('users')
            .set({ current_company_id: company.id })
            .where('id', '=', member.id)
            .execute();
        }
      } finally {
        for (const server of [serverA, serverB]) await stopProcess(server);
      }
    }, 180_000);
  },
);
