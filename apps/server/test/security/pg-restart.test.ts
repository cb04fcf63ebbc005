import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase, type Db } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
} from '../factories';
import {
  privatePostgresMissing,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../private-postgres';
import {
  freePort,
  sessionHeaders,
  startServerProcess,
  stopProcess,
} from '../processes';

// A real PostgreSQL restart under a steady load of reads and writes by signed-in users. The
// cluster is the test's own (the shared server cannot be restarted under other tests); like
// the other tests that need a server outside this process, it runs when DATABASE_URL is set.

const LANES = 4;
const UNAVAILABLE = {
  message: 'The service is briefly unavailable. Please try again in a moment.',
  code: 'unavailable',
};

type Outcome = {
  started: number;
  ended: number;
  status: number;
  body: string;
  /** The comment a write sent. */
  comment?: string;
};

let cluster: PrivatePostgres | undefined;
let db: Db | undefined;
let server: ChildProcess | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  if (server) await stopProcess(server);
  await db?.destroy();
  await cluster?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.env.DATABASE_URL)(
  'PostgreSQL restarted under load',
  () => {
    test('503s with a message while it is down, the server stays up, everything works after, no acknowledged write is lost', async (context) => {
      const missing = privatePostgresMissing();
      if (missing) context.skip(`No private PostgreSQL cluster: ${missing}.`);

      cluster = await startPrivatePostgres();
      const opened = await openDatabase({
        databaseUrl: cluster.url,
        pgliteDir: 'memory://',
      });
      db = opened.db;
      await migrateToLatest(db);
      const company = await createCompany(db);
      const user = await createUser(db, { companies: [company.id] });
      const job = await createJob(db, {
        company_id: company.id,
        status: 'Published',
      });
      const application = await createApplication(db, { job_id: job.id });
      const headers = await sessionHeaders(db, user.id);

      dataDir = mkdtempSync(join(tmpdir(), 'candor-data-'));
      const port = await freePort();
      server = await startServerProcess(port, {
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.url,
        SIGNING_SECRET: 'pg-restart-secret-pg-restart-secret-42',
      });
      const base = `http://127.0.0.1:${port}`;

      const outcomes: Outcome[] = [];
      let sent = 0;
      let loading = true;
      const send = async (): Promise<Outcome> => {
        const n = sent++;
        const comment = n % 2 === 0 ? `restart write ${n}` : undefined;
        const started = performance.now();
        try {
          const response = comment
            ? await fetch(`${base}/api/jobs/${job.id}/comments`, {
                method: 'POST',
                headers,
                body: JSON.stringify({ application: application.id, comment }),
              })
            : await fetch(`${base}/api/jobs/${job.id}/applications`, {
                headers,
              });
          const body = await response.text();
          return {
            started,
            ended: performance.now(),
            status: response.status,
            body,
            comment,
          };
        } catch (error) {
          // No HTTP reply at all: the server process is gone.
          return {
            started,
            ended: performance.now(),
            status: 0,
            body: String(error),
            comment,
          };
        }
      };
      const lanes = Array.from({ length: LANES }, async () => {
        while (loading) {
          outcomes.push(await send());
          await sleep(20);
        }
      });

      // Each phase lasts until enough requests have gone through it (the machine may be busy).
      const finishedSince = (since: number) =>
        outcomes.filter((outcome) => outcome.started > since).length;
      const waitForRequests = async (since: number, count: number) => {
        while (finishedSince(since) < count) await sleep(50);
      };
      let stopBegan = 0;
      let stopped = 0;
      let startBegan = 0;
      let started = 0;
      try {
        await waitForRequests(0, 20);
        stopBegan = performance.now();
        await cluster.stop();
        stopped = performance.now();
        await Promise.all([sleep(1000), waitForRequests(stopped, 12)]);
        startBegan = performance.now();
        await cluster.start();
        started = performance.now();
        await waitForRequests(started, 20);
      } finally {
        loading = false;
        await Promise.all(lanes);
      }

      const summary = (list: Outcome[]) =>
        list.map(
          (outcome) => `${outcome.status} ${outcome.body.slice(0, 120)}`,
        );
      const before = outcomes.filter((outcome) => outcome.ended < stopBegan);
      const down = outcomes.filter(
        (outcome) => outcome.started > stopped && outcome.ended < startBegan,
      );
      const around = outcomes.filter(
        (outcome) =>
          outcome.ended >= stopBegan &&
          outcome.started <= started &&
          !down.includes(outcome),
      );
      const after = outcomes.filter((outcome) => outcome.started > started);

      expect(before.length).toBeGreaterThanOrEqual(20);
      expect(
        summary(before.filter((outcome) => outcome.status >= 300)),
      ).toEqual([]);
      // While PostgreSQL is down every request gets a JSON 503 that says what to do.
      expect(down.length).toBeGreaterThanOrEqual(12);
      for (const outcome of down) {
        expect(outcome.status, outcome.body).toBe(503);
        expect(JSON.parse(outcome.body)).toEqual(UNAVAILABLE);
      }
      // Caught by the stop or the start: succeeded, or the same 503.
      for (const outcome of around) {
        if (outcome.status >= 200 && outcome.status < 300) continue;
        expect(outcome.status, outcome.body).toBe(503);
        expect(JSON.parse(outcome.body)).toEqual(UNAVAILABLE);
      }
      expect(server.exitCode).toBeNull();
      expect(after.length).toBeGreaterThanOrEqual(20);
      expect(summary(after.filter((outcome) => outcome.status >= 300))).toEqual(
        [],
      );

      const acknowledged = outcomes
        .filter((outcome) => outcome.comment && outcome.status === 201)
        .map((outcome) => outcome.comment);
      const stored = (
        await db
          .selectFrom('comments')
          .select('comment')
          .where('application_id', '=', application.id)
          .execute()
      ).map((row) => row.comment);
      expect(acknowledged.length).toBeGreaterThan(10);
      expect(stored).toEqual(expect.arrayContaining(acknowledged));
    }, 90_000);
  },
);
