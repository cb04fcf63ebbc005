/**
 * `npm run soak`: a bounded load on loopback. Users of several companies read and write at
 * once for a fixed time; the run reports requests served, errors and latency percentiles, then
 * checks that every acknowledged write is in the database and that nobody reached another
 * company's data.
 *
 * Settings (environment): SOAK_SECONDS (30), SOAK_CONNECTIONS (200, at most 200),
 * SOAK_COMPANIES (4), DATABASE_URL (a PostgreSQL server: a throw-away database is made on it
 * and dropped at the end; without it, an embedded database in a temporary folder, with its
 * queue bound PGLITE_QUEUE_LIMIT). A 503 with Retry-After (the embedded database is busy,
 * decision 124) is counted apart, not as an error, and that client waits as told. The clients
 * run in a process of their own, on node:http: on the server's thread they took turns with it,
 * and with fetch they spent more time than the server, so their own waits counted as its.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app';
import { createAppContext } from '../src/app-context';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { SESSION_COOKIE } from '../src/platform/auth/session';
import { createSession } from '../src/platform/auth/session.repository';
import { newShortcode, newToken } from '../src/platform/ids';

const seconds = Number(process.env.SOAK_SECONDS ?? 30);
const connections = Math.min(Number(process.env.SOAK_CONNECTIONS ?? 200), 200);
const companyCount = Number(process.env.SOAK_COMPANIES ?? 4);
const USERS_PER_COMPANY = 5;
const JOBS_PER_COMPANY = 2;
const APPLICANTS_PER_JOB = 10;
const CSRF = 'soak-csrf-token';

type Tenant = {
  companyId: number;
  jobIds: number[];
  applications: { id: number; jobId: number }[];
  cookies: string[];
};

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'candor-soak-'));
  const database = await openSoakDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RUN_WORKER: 'false',
    SIGNING_SECRET: randomBytes(24).toString('hex'),
    PUBLIC_URL: 'http://127.0.0.1',
    WEB_DIST: join(dataDir, 'no-web-build'),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...(process.env.PGLITE_QUEUE_LIMIT
      ? { PGLITE_QUEUE_LIMIT: process.env.PGLITE_QUEUE_LIMIT }
      : {}),
  });
  const { db } = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(dataDir, 'pglite'),
  });
  try {
    await migrateToLatest(db);
    const tenants = await seed(db);
    const app = await buildApp({ ctx: createAppContext(config, db) });
    // Loopback only: nothing outside this machine can reach the soak server.
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    console.log(
      `Soak: ${connections} connections for ${seconds} s against ${address} ` +
        `(${database.url ? 'PostgreSQL' : 'embedded database'}, ${tenants.length} companies).`,
    );
    const result = await loadInOwnProcess(address, tenants);
    await app.close();
    const integrity = await checkIntegrity(db, tenants, result.commentsWritten);
    report(result, integrity);
    process.exitCode = result.errors.length === 0 && integrity.ok ? 0 : 1;
  } finally {
    await db.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A throw-away database: a new one on the PostgreSQL server, or none (embedded). */
async function openSoakDatabase(): Promise<{
  url?: string;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { drop: async () => {} };
  const name = `candor_soak_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Companies, each with users, jobs with questions and applicants who answered. */
async function seed(db: Db): Promise<Tenant[]> {
  const tenants: Tenant[] = [];
  for (let c = 0; c < companyCount; c++) {
    const company = await db
      .insertInto('companies')
      .values({
        shortname: `soak-${c}-${newShortcode()}`,
        name: `Soak company ${c}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: USERS_PER_COMPANY }, (_, u) => ({
          email: `user${u}.company${c}.${newShortcode()}@soak.test`,
          first_name: `User${u}`,
          last_name: `Company${c}`,
          password_hash: null,
          sso_provider: null,
          current_company_id: company.id,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('memberships')
      .values(
        users.map((user) => ({ company_id: company.id, user_id: user.id })),
      )
      .execute();
    const tenant: Tenant = {
      companyId: company.id,
      jobIds: [],
      applications: [],
      cookies: [],
    };
    for (let j = 0; j < JOBS_PER_COMPANY; j++) {
      const job = await db
        .insertInto('jobs')
        .values({
          company_id: company.id,
          title: `Soak job ${c}.${j}`,
          shortcode: newShortcode(),
          status: 'Published',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      tenant.jobIds.push(job.id);
      const question = await db
        .insertInto('questions')
        .values({
          job_id: job.id,
          text: 'Tell us about you.',
          order: 0,
          thinking_time: 30,
          time_limit: 120,
        })
        .returning(['id', 'text'])
        .executeTakeFirstOrThrow();
      const applications = await db
        .insertInto('applications')
        .values(
          Array.from({ length: APPLICANTS_PER_JOB }, (_, a) => ({
            job_id: job.id,
            first_name: `Applicant${a}`,
            last_name: `Job${job.id}`,
            email: `applicant${a}.job${job.id}@soak.test`,
            token: newToken(),
            shortcode: newShortcode(),
            invited_at: new Date(),
            responded_at: new Date(),
            answer_count: 1,
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('answers')
        .values(
          applications.map((application) => ({
            application_id: application.id,
            question_id: question.id,
            question_text: question.text,
            order: 0,
            status: 'ready' as const,
          })),
        )
        .execute();
      tenant.applications.push(
        ...applications.map((row) => ({ id: row.id, jobId: job.id })),
      );
    }
    for (const user of users) {
      const token = randomBytes(32).toString('base64url');
      await createSession(db, {
        id: createHash('sha256').update(token).digest('hex'),
        userId: user.id,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      tenant.cookies.push(`${SESSION_COOKIE}=${token}; csrftoken=${CSRF}`);
    }
    tenants.push(tenant);
  }
  return tenants;
}

type LoadResult = {
  requests: number;
  latencies: number[];
  /** Answered 503 with Retry-After: refused before any of it ran. */
  refusedLatencies: number[];
  /** From a request's first try to its answer, waits after refusals included. */
  withRetries: number[];
  errors: string[];
  /** Acknowledged comment writes per company id. */
  commentsWritten: Map<number, number>;
  isolationChecks: number;
  elapsedSeconds: number;
};

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('Nothing to pick from.');
  return item;
};

const CLIENTS_FLAG = '--clients';

/** This file again, as the clients' process: it loads through tsx as this one did. */
function loadInOwnProcess(
  base: string,
  tenants: Tenant[],
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const clients = fork(fileURLToPath(import.meta.url), [CLIENTS_FLAG], {
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
    });
    clients.once('message', (result) => resolve(result as LoadResult));
    clients.once('error', reject);
    clients.once('exit', (code) => {
      if (code !== 0)
        reject(new Error(`The clients' process ended with ${code}.`));
    });
    clients.send({ base, tenants });
  });
}

async function load(base: string, tenants: Tenant[]): Promise<LoadResult> {
  const result: LoadResult = {
    requests: 0,
    latencies: [],
    refusedLatencies: [],
    withRetries: [],
    errors: [],
    commentsWritten: new Map(tenants.map((tenant) => [tenant.companyId, 0])),
    isolationChecks: 0,
    elapsedSeconds: 0,
  };
  const started = performance.now();
  const until = started + seconds * 1000;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });

  async function send(
    cookie: string,
    method: string,
    path: string,
    body?: unknown,
    firstTry = performance.now(),
  ): Promise<number> {
    const begin = performance.now();
    const response = await new Promise<{ status: number; retryAfter: number }>(
      (resolve, reject) => {
        const sent = request(
          `${base}${path}`,
          {
            method,
            agent,
            headers: {
              cookie,
              'x-csrftoken': CSRF,
              ...(body === undefined
                ? {}
                : { 'content-type': 'application/json' }),
            },
          },
          (answer) => {
            answer.resume();
            answer.once('end', () =>
              resolve({
                status: answer.statusCode ?? 0,
                retryAfter: Number(answer.headers['retry-after'] ?? 0),
              }),
            );
          },
        );
        sent.once('error', reject);
        sent.end(body === undefined ? undefined : JSON.stringify(body));
      },
    );
    const { retryAfter } = response;
    if (response.status === 503 && retryAfter > 0) {
      result.refusedLatencies.push(performance.now() - begin);
      // As a browser's retry would: wait, then ask again.
      await new Promise((done) => setTimeout(done, retryAfter * 1000));
      return send(cookie, method, path, body, firstTry);
    }
    result.latencies.push(performance.now() - begin);
    result.withRetries.push(performance.now() - firstTry);
    result.requests++;
    return response.status;
  }

  async function step(): Promise<void> {
    const tenant = pick(tenants);
    const cookie = pick(tenant.cookies);
    const application = pick(tenant.applications);
    const roll = Math.random();
    const expectOk = (status: number, what: string) => {
      if (status < 200 || status >= 300)
        result.errors.push(`${what}: ${status}`);
    };
    if (roll < 0.2) {
      expectOk(await send(cookie, 'GET', '/api/jobs'), 'GET /api/jobs');
    } else if (roll < 0.4) {
      expectOk(
        await send(
          cookie,
          'GET',
          `/api/jobs/${application.jobId}/applications`,
        ),
        'GET applications',
      );
    } else if (roll < 0.55) {
      expectOk(
        await send(
          cookie,
          'GET',
          `/api/jobs/${application.jobId}/applications/${application.id}`,
        ),
        'GET application',
      );
    } else if (roll < 0.65) {
      expectOk(
        await send(
          cookie,
          'GET',
          `/api/jobs/${application.jobId}/comments?application=${application.id}`,
        ),
        'GET comments',
      );
    } else if (roll < 0.9) {
      const status = await send(
        cookie,
        'POST',
        `/api/jobs/${application.jobId}/comments`,
        {
          application: application.id,
          comment: `Soak comment ${Math.random()}`,
        },
      );
      expectOk(status, 'POST comment');
      if (status >= 200 && status < 300) {
        const written = result.commentsWritten.get(tenant.companyId) ?? 0;
        result.commentsWritten.set(tenant.companyId, written + 1);
      }
    } else {
      // Another company's applicant: must look missing.
      const other = pick(tenants.filter((candidate) => candidate !== tenant));
      const target = pick(other.applications);
      const status = await send(
        cookie,
        'GET',
        `/api/jobs/${target.jobId}/applications/${target.id}`,
      );
      result.isolationChecks++;
      if (status !== 404) result.errors.push(`cross-company read: ${status}`);
    }
  }

  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        try {
          await step();
        } catch (error) {
          result.errors.push(`network: ${(error as Error).message}`);
        }
      }
    }),
  );
  result.elapsedSeconds = (performance.now() - started) / 1000;
  return result;
}

async function checkIntegrity(
  db: Db,
  tenants: Tenant[],
  written: Map<number, number>,
): Promise<{ ok: boolean; lines: string[] }> {
  const lines: string[] = [];
  let ok = true;
  for (const tenant of tenants) {
    const row = await db
      .selectFrom('comments')
      .innerJoin('applications', 'applications.id', 'comments.application_id')
      .innerJoin('jobs', 'jobs.id', 'applications.job_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('jobs.company_id', '=', tenant.companyId)
      .executeTakeFirstOrThrow();
    const stored = Number(row.n);
    const expected = written.get(tenant.companyId) ?? 0;
    if (stored !== expected) ok = false;
    lines.push(
      `company ${tenant.companyId}: ${expected} comments acknowledged, ${stored} stored` +
        (stored === expected ? '' : '  <-- MISMATCH'),
    );
  }
  return { ok, lines };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return (
    sorted[
      Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))
    ] ?? 0
  );
}

function report(
  result: LoadResult,
  integrity: { ok: boolean; lines: string[] },
): void {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const errorKinds = new Map<string, number>();
  for (const error of result.errors)
    errorKinds.set(error, (errorKinds.get(error) ?? 0) + 1);
  console.log(
    `Requests served: ${result.requests} in ${result.elapsedSeconds.toFixed(1)} s`,
  );
  console.log(
    `Throughput: ${(result.requests / result.elapsedSeconds).toFixed(0)} requests/s`,
  );
  console.log(
    `Latency ms: p50 ${percentile(sorted, 50).toFixed(1)}, p95 ${percentile(sorted, 95).toFixed(1)}, ` +
      `p99 ${percentile(sorted, 99).toFixed(1)}, max ${(sorted.at(-1) ?? 0).toFixed(1)}`,
  );
  const refused = [...result.refusedLatencies].sort((a, b) => a - b);
  console.log(
    `Refused busy (503, Retry-After; asked again): ${refused.length}` +
      (refused.length
        ? `, answered in p50 ${percentile(refused, 50).toFixed(1)} ms, max ${(refused.at(-1) ?? 0).toFixed(1)} ms`
        : ''),
  );
  const whole = [...result.withRetries].sort((a, b) => a - b);
  console.log(
    `Latency ms from the first try, waits included: p50 ${percentile(whole, 50).toFixed(1)}, ` +
      `p95 ${percentile(whole, 95).toFixed(1)}, p99 ${percentile(whole, 99).toFixed(1)}, max ${(whole.at(-1) ?? 0).toFixed(1)}`,
  );
  console.log(`Cross-company reads tried: ${result.isolationChecks}`);
  console.log(`Errors: ${result.errors.length}`);
  for (const [error, count] of errorKinds) console.log(`  ${count} × ${error}`);
  console.log('Integrity:');
  for (const line of integrity.lines) console.log(`  ${line}`);
  console.log(
    result.errors.length === 0 && integrity.ok ? 'SOAK PASSED' : 'SOAK FAILED',
  );
}

if (process.argv.includes(CLIENTS_FLAG)) {
  process.once('message', (input: { base: string; tenants: Tenant[] }) => {
    void load(input.base, input.tenants).then((result) =>
      process.send?.(result, () => process.disconnect()),
    );
  });
} else {
  await main();
}
