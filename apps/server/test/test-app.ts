import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { createAppContext, type AppContext } from '../src/app-context';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/connection';
import type { App } from '../src/platform/http/app-types';
import { templateDatabase } from './paths';
import { TestClient } from './test-client';

export type TestApp = {
  app: App;
  ctx: AppContext;
  db: AppContext['db'];
  dataDir: string;
  client(): TestClient;
  close(): Promise<void>;
};

/**
 * A fresh, migrated database (embedded, or a copy of the template database on PostgreSQL
 * when DATABASE_URL is set) and the real app on top of it.
 */
export async function createTestApp(
  env: Record<string, string> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'candor-data-'));
  const databaseUrl = process.env.DATABASE_URL;
  let dropDatabase = async () => {};
  let testDatabaseUrl: string | undefined;
  if (databaseUrl) {
    const name = `candor_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(
      `CREATE DATABASE ${name} TEMPLATE ${templateDatabase(databaseUrl)}`,
    );
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    testDatabaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RUN_WORKER: 'false',
    CHECK_STATIC_STATEMENTS: 'true',
    SIGNING_SECRET: 'test-secret-test-secret-test-secret-42',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: join(dataDir, 'no-web-build'),
    ...(testDatabaseUrl ? { DATABASE_URL: testDatabaseUrl } : {}),
    ...env,
  });
  const snapshot = inject('pgliteSnapshot');
  const { db, notices } = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: 'memory://',
    loadDataDir: snapshot ? new Blob([readFileSync(snapshot)]) : undefined,
  });
  const ctx = createAppContext(config, db, notices);
  const app = await buildApp({ ctx });
  await app.ready();
  return {
    app,
    ctx,
    db,
    dataDir,
    client: () => new TestClient(app),
    async close() {
      await app.close();
      await db.destroy();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
