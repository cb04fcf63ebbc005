/**
 * The real server against the bench database, with every SQL statement it sends recorded
 * while `recording` is on, so the EXPLAIN check and the API/SQL ratio use exactly the
 * queries our routes run (not hand-written copies of them).
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { createAppContext } from '../../src/app-context';
import { loadConfig } from '../../src/config';
import { migrateToLatest } from '../../src/db/migrate';
import type { Database } from '../../src/db/schema';
import { readTrigramSampleNow } from '../../src/modules/search/search-sample';
import type { App } from '../../src/platform/http/app-types';
import { BENCH } from './args';

export type CapturedQuery = { sql: string; parameters: readonly unknown[] };

export type BenchServer = {
  app: App;
  pool: pg.Pool;
  recorder: { recording: boolean; queries: CapturedQuery[] };
  close: () => Promise<void>;
};

export const DEFAULT_BENCH_URL =
  'postgres://postgres@127.0.0.1:5432/candor_bench';

export async function openBenchServer(): Promise<BenchServer> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? DEFAULT_BENCH_URL,
    RUN_WORKER: 'false',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Every captured report must send its SQL, not come from the report cache.
    STATS_CACHE_SECONDS: '0',
    DATA_DIR: process.env.DATA_DIR ?? '/tmp/candor-h8',
  });
  // The same pool size as openDatabase, so the server is measured as it runs.
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
  const recorder = { recording: false, queries: [] as CapturedQuery[] };
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (recorder.recording && event.level === 'query')
        recorder.queries.push({
          sql: event.query.sql,
          parameters: event.query.parameters,
        });
    },
  });
  await migrateToLatest(db);
  const app = await buildApp({ ctx: createAppContext(config, db) });
  // Read before any capture, so no read's SQL holds it and every search is planned with it.
  await readTrigramSampleNow(db, (error) => {
    throw error;
  });
  return {
    app,
    pool,
    recorder,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}

/** Signs the big company's owner in; returns the Cookie header of the session. */
export async function signInCookie(app: App): Promise<string> {
  const first = await app.inject({ method: 'GET', url: '/login/ajax' });
  const csrf = first.cookies.find((cookie) => cookie.name === 'csrftoken');
  if (!csrf) throw new Error('No csrftoken cookie from GET /login/ajax.');
  const login = await app.inject({
    method: 'POST',
    url: '/login/ajax',
    headers: { cookie: `csrftoken=${csrf.value}`, 'x-csrftoken': csrf.value },
    payload: { username: BENCH.ownerEmail, password: BENCH.password },
  });
  if (login.statusCode !== 200)
    throw new Error(
      `Signing in as ${BENCH.ownerEmail} failed (${login.statusCode}): run npm run seed:large first.`,
    );
  // Both cookies, as a browser sends them: without the CSRF token every GET would be given a
  // new one.
  const cookies = [
    `csrftoken=${csrf.value}`,
    ...login.cookies.map((cookie) => `${cookie.name}=${cookie.value}`),
  ];
  return cookies.join('; ');
}

/** Runs one request with recording on and returns the SQL it sent. */
export async function captureQueries(
  server: BenchServer,
  url: string,
  cookie: string,
): Promise<{ status: number; queries: CapturedQuery[] }> {
  server.recorder.queries = [];
  server.recorder.recording = true;
  try {
    const response = await server.app.inject({
      method: 'GET',
      url,
      headers: { cookie },
    });
    return { status: response.statusCode, queries: server.recorder.queries };
  } finally {
    server.recorder.recording = false;
  }
}
