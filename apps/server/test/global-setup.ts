import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { TEMPLATE_DATABASE } from './paths';

/**
 * Migrates once per run: a dumped PGlite folder that every test file loads, or, with
 * DATABASE_URL, a template database that every test file copies.
 */
export default async function setup(project: TestProject): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(
      `DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`,
    );
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${TEMPLATE_DATABASE}`;
    const { db } = await openDatabase({
      databaseUrl: url.toString(),
      pgliteDir: 'memory://',
    });
    await migrateToLatest(db);
    await db.destroy();
    project.provide('pgliteSnapshot', '');
    return;
  }
  const { db, pglite } = await openDatabase({ pgliteDir: 'memory://' });
  if (!pglite) throw new Error('Expected the embedded database');
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('gzip');
  const file = join(
    mkdtempSync(join(tmpdir(), 'candor-test-')),
    'migrated.tar.gz',
  );
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  project.provide('pgliteSnapshot', file);
}
