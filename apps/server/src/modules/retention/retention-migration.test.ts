import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

// A file of its own: undoing and redoing a migration moves a column of companies, and on
// PostgreSQL a connection that ran other statements on companies before would refuse its
// cached plans ("cached plan must not change result type").
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the data retention migration', () => {
  it('leaves companies that existed before the setting keeping everything', async () => {
    const migration =
      await import('../../db/migrations/20261122010000_data_retention');
    // Migrations see the database untyped, as the migrator runs them.
    const untyped = t.db as unknown as Kysely<unknown>;
    await migration.down(untyped);
    await sql`INSERT INTO companies (shortname, name) VALUES ('before-retention', 'Before')`.execute(
      t.db,
    );
    await migration.up(untyped);
    const before = await t.db
      .selectFrom('companies')
      .select('data_retention_months')
      .where('shortname', '=', 'before-retention')
      .executeTakeFirstOrThrow();
    expect(before.data_retention_months).toBeNull();
    const after = await createCompany(t.db);
    expect(after.data_retention_months).toBe(12);
  });
});
