// The API tests against a PostgreSQL server instead of the embedded database, in a database made
// for this run and dropped after it: the tests of the pg layer (prepared statements, change
// notices, restarts, two servers) run only there. POSTGRES_ADMIN_URL names a database on the
// server from which the throwaway one is created (default: the local server as `postgres`).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(
  new URL('../apps/server/package.json', import.meta.url),
);
const { Client } = require('pg');

const adminUrl =
  process.env.POSTGRES_ADMIN_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const database = `candor_test_${Date.now()}_${process.pid}`;

async function admin(work) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The run's database and whatever the tests made from it (their template, each file's copy). */
const dropAll = () =>
  admin(async (client) => {
    const { rows } = await client.query(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [database],
    );
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });

function runTests(databaseUrl) {
  return new Promise((resolve) => {
    const tests = spawn(
      'npm',
      ['run', 'test:api', '--', ...process.argv.slice(2)],
      {
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: databaseUrl },
      },
    );
    tests.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

try {
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
} catch (error) {
  console.error(
    `Cannot create a test database through ${adminUrl}: ${error.message}`,
  );
  console.error(
    'Set POSTGRES_ADMIN_URL to a PostgreSQL server where you may create databases.',
  );
  process.exit(1);
}
const url = new URL(adminUrl);
url.pathname = `/${database}`;
try {
  process.exitCode = await runTests(url.toString());
} finally {
  await dropAll();
}
