import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { templateDatabase } from './paths';

/**
 * Migrates once per run: a dumped PGlite folder that every test file loads, or, with
 * DATABASE_URL, a template database that every test file copies.
 */
export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = templateDatabase(databaseUrl);
    const dropTemplate = async () => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
    await dropTemplate();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${template}`;
    const { db } = await openDatabase({
      databaseUrl: url.toString(),
      pgliteDir: 'memory://',
    });
    await migrateToLatest(db);
    await db.destroy();
    project.provide('pgliteSnapshot', '');
    return dropTemplate;
  }
  const { db, pglite } = await openDatabase({ pgliteDir: 'memory://' });
  if (!pglite) throw new Error('Expected the embedded database');
  await migrateToLatest(db);
  // Not compressed: every test file loads it, and gunzipping it each time cost about half a
  // second a file (decision 166).
  const dump = await pglite.dumpDataDir('none');
  const file = join(
    mkdtempSync(join(tmpdir(), 'candor-test-')),
    'migrated.tar',
  );
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  project.provide('pgliteSnapshot', file);
  return undefined;
}
