import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, TEST_PASSWORD } from '../factories';
import { createTestApp, type TestApp } from '../test-app';

// What a PostgreSQL restart looks like to the server: every connection of its pool is cut.
// Only meaningful against a PostgreSQL server; the embedded database has no connections.
describe.runIf(process.env.DATABASE_URL)(
  'the database connections are cut under load',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('keeps serving: requests after the cut succeed and the server stays up', async () => {
      const company = await createCompany(t.db);
      const user = await createUser(t.db, { companies: [company.id] });
      const client = t.client();
      await client.signIn(user.email, TEST_PASSWORD);
      // Warm the pool so it holds several idle connections when they are terminated.
      const warm = await Promise.all(
        Array.from({ length: 8 }, () => client.get('/api/user')),
      );
      expect(warm.every((response) => response.statusCode === 200)).toBe(true);

      const admin = new pg.Client({
        connectionString: t.ctx.config.databaseUrl,
      });
      await admin.connect();
      const database = new URL(t.ctx.config.databaseUrl ?? '').pathname.slice(
        1,
      );
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      );
      await admin.end();
      expect(rowCount).toBeGreaterThan(0);

      // A request may meet a connection that died in flight; the ones after it must succeed.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const after = await Promise.all(
        Array.from({ length: 8 }, () => client.get('/api/user')),
      );
      const statuses = after.map((response) => response.statusCode);
      expect(
        statuses.filter((status) => status === 200).length,
      ).toBeGreaterThan(0);
      const settled = await client.get('/api/user');
      expect(settled.statusCode).toBe(200);
      expect(settled.json().email).toBe(user.email);
    });
  },
);
