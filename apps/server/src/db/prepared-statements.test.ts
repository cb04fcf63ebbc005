import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { TestApp } from '../../test/test-app';
import type { openDatabase as OpenDatabase } from './connection';
import {
  MAX_NAMED_PER_CONNECTION,
  MAX_NUMBERED_TEXTS,
} from './prepared-statements';

// Named statements exist only on PostgreSQL; PGlite runs every statement as it comes.
describe.runIf(process.env.DATABASE_URL)('prepared statements', () => {
  let t: TestApp;
  let openDatabase: typeof OpenDatabase;
  beforeAll(async () => {
    // The table of texts is the process's, and these tests count on it: load the driver
    // afresh, whatever files ran before in this worker (vitest.config.ts).
    vi.resetModules();
    ({ openDatabase } = await import('./connection'));
    const { createTestApp } = await import('../../test/test-app');
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The statements this connection holds, as PostgreSQL lists them. */
  const preparedOn = (trx: TestApp['db']) =>
    sql<{
      statement: string;
    }>`SELECT statement FROM pg_prepared_statements WHERE name LIKE ${'candor_%'}`
      .execute(trx)
      .then((result) => result.rows.map((row) => row.statement));

  test('a statement with parameters is prepared once per connection and reused', async () => {
    await t.db.connection().execute(async (connection) => {
      for (const id of [1, 2, 3])
        await sql`SELECT ${id}::int + 1 AS next`.execute(connection);
      const statements = await preparedOn(connection);
      expect(
        statements.filter((text) => text.includes('::int + 1 AS next')),
      ).toHaveLength(1);
    });
  });

  test('a statement matching a pattern is planned for each value, never prepared', async () => {
    await t.db.connection().execute(async (connection) => {
      for (const pattern of ['%a%', '%jane.doe%'])
        await sql`SELECT ${'Jane Doe'}::text ILIKE ${pattern} AS matches`.execute(
          connection,
        );
      const statements = await preparedOn(connection);
      expect(statements.filter((text) => /ILIKE/.test(text))).toEqual([]);
    });
  });

  test('a text without parameters may still hold several commands', async () => {
    await t.db.connection().execute(async (connection) => {
      await sql`CREATE TEMP TABLE several (n int); INSERT INTO several VALUES (7)`.execute(
        connection,
      );
      const row = await sql<{
        n: number;
      }>`SELECT n FROM several WHERE n = ${7}`.execute(connection);
      expect(row.rows).toEqual([{ n: 7 }]);
    });
  });

  test('after a column is added under a prepared SELECT *, one call fails and the next works', async () => {
    await t.db.connection().execute(async (connection) => {
      await sql`CREATE TABLE widened (id int PRIMARY KEY)`.execute(connection);
      await sql`INSERT INTO widened VALUES (1)`.execute(connection);
      const read = () =>
        sql<
          Record<string, unknown>
        >`SELECT * FROM widened WHERE id = ${1}`.execute(connection);
      expect((await read()).rows).toEqual([{ id: 1 }]);
      await sql`ALTER TABLE widened ADD COLUMN note text`.execute(connection);
      const after = await read().then(
        (result) => result.rows,
        (error: Error) => error.message,
      );
      expect(after).toMatch(/cached plan must not change result type/);
      expect((await read()).rows).toEqual([{ id: 1, note: null }]);
    });
  });

  test('rows are the objects pg itself builds, prepared or not', async () => {
    const columns = sql`'2026-01-05 07:56:58.5+00'::timestamptz AS at,
      '{"a":[1]}'::json AS doc, NULL::text AS missing, 5::bigint AS big,
      1.5::numeric AS ratio, ARRAY[1,2] AS list, true AS flag,
      'x' AS "__proto__", 1 AS twice, 2 AS twice`;
    const unpreparedQuery = sql`SELECT ${columns}, 7 AS id`.compile(t.db);
    const preparedQuery = sql`SELECT ${columns}, ${7}::int AS id`.compile(t.db);
    const plain = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
    await plain.connect();
    try {
      const [pgRow] = (
        await plain.query(preparedQuery.sql, [...preparedQuery.parameters])
      ).rows as Record<string, unknown>[];
      await t.db.connection().execute(async (connection) => {
        const unprepared =
          await connection.executeQuery<Record<string, unknown>>(
            unpreparedQuery,
          );
        const prepared =
          await connection.executeQuery<Record<string, unknown>>(preparedQuery);
        const texts = await preparedOn(connection);
        expect(texts.some((text) => text.includes('AS twice'))).toBe(true);
        for (const row of [unprepared.rows[0], prepared.rows[0]]) {
          expect(row).toEqual(pgRow);
          expect(Object.keys(row ?? {})).toEqual(Object.keys(pgRow ?? {}));
          expect(row?.at).toBeInstanceOf(Date);
          expect(row?.big).toBe(5);
          expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
          expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(
            'x',
          );
        }
      });
    } finally {
      await plain.end();
    }
  });

  test('a write answers how many rows it changed', async () => {
    await t.db.connection().execute(async (connection) => {
      await sql`CREATE TEMP TABLE counted (n int)`.execute(connection);
      const inserted =
        await sql`INSERT INTO counted VALUES (${1}), (${2})`.execute(
          connection,
        );
      expect(inserted.numAffectedRows).toBe(2n);
    });
  });

  test('a transaction whose failed statement was caught commits nothing and says so', async () => {
    await sql`CREATE TABLE IF NOT EXISTS kept (n int)`.execute(t.db);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO kept VALUES (${1})`.execute(trx);
        await sql`SELECT 1/0`.execute(trx).catch(() => undefined);
      }),
    ).rejects.toThrow(/rolled back/);
    const { rows } = await sql<{ n: number }>`SELECT n FROM kept`.execute(t.db);
    expect(rows).toEqual([]);
  });

  test('a prepared statement that fails leaves its connection working and its name prepared', async () => {
    await t.db.connection().execute(async (connection) => {
      const divide = (by: number) =>
        sql<{ q: number }>`SELECT 6 / ${by}::int AS q`.execute(connection);
      await expect(divide(0)).rejects.toThrow(/division by zero/);
      expect((await divide(3)).rows).toEqual([{ q: 2 }]);
      expect((await divide(2)).rows).toEqual([{ q: 3 }]);
      const texts = await preparedOn(connection);
      expect(texts.filter((text) => text.includes('AS q'))).toHaveLength(1);
    });
  });

  test('a value pg cannot send fails its statement, not the connection', async () => {
    const unsendable = {
      toPostgres() {
        throw new Error('not a value');
      },
    };
    await t.db.connection().execute(async (connection) => {
      await expect(
        sql`SELECT ${unsendable}::text AS v, ${1}::int AS n`.execute(
          connection,
        ),
      ).rejects.toThrow('not a value');
      const after = await sql<{
        n: number;
      }>`SELECT ${4}::int AS n`.execute(connection);
      expect(after.rows).toEqual([{ n: 4 }]);
    });
  });

  test('a row that cannot be read fails its statement once PostgreSQL is done with it', async () => {
    const CIRCLE = pg.types.builtins.CIRCLE;
    const original = pg.types.getTypeParser(CIRCLE, 'text');
    pg.types.setTypeParser(CIRCLE, () => {
      throw new Error('unreadable circle');
    });
    try {
      await t.db.connection().execute(async (connection) => {
        await expect(
          sql`SELECT ${1}::int AS n, circle(point(0, 0), 1) AS c`.execute(
            connection,
          ),
        ).rejects.toThrow('unreadable circle');
        const after = await sql<{
          n: number;
        }>`SELECT ${5}::int AS n`.execute(connection);
        expect(after.rows).toEqual([{ n: 5 }]);
      });
    } finally {
      pg.types.setTypeParser(CIRCLE, original);
    }
  });

  // Last: it fills its connection's budget, and a later test could be given that connection.
  test('a connection names no more than its limit; later texts run unnamed', async () => {
    await t.db.connection().execute(async (connection) => {
      for (let n = 0; n < MAX_NAMED_PER_CONNECTION + 20; n++)
        await sql`SELECT ${n}::int AS ${sql.ref(`column_${n}`)}`.execute(
          connection,
        );
      expect((await preparedOn(connection)).length).toBeLessThanOrEqual(
        MAX_NAMED_PER_CONNECTION,
      );
      const last = await sql<{
        n: number;
      }>`SELECT ${5}::int AS ${sql.ref(`column_${MAX_NAMED_PER_CONNECTION + 19}`)}`.execute(
        connection,
      );
      expect(last.rows).toHaveLength(1);
    });
  });

  // After the test above for the same reason: it fills the process's table of texts.
  test('past its limit of texts the process names no new one, on any connection', async () => {
    await t.db.connection().execute(async (connection) => {
      for (let n = 0; n < MAX_NUMBERED_TEXTS + 10; n++)
        await sql`SELECT ${n}::int AS ${sql.ref(`text_${n}`)}`.execute(
          connection,
        );
    });
    // A pool of its own: connections that have named nothing yet.
    const fresh = await openDatabase({
      databaseUrl: t.ctx.config.databaseUrl,
      pgliteDir: 'memory://',
    });
    try {
      const statements = await fresh.db
        .connection()
        .execute(async (connection) => {
          await sql`SELECT ${1}::int AS ${sql.ref('text_0')}`.execute(
            connection,
          );
          await sql`SELECT ${1}::int AS ${sql.ref('text_new')}`.execute(
            connection,
          );
          return preparedOn(connection);
        });
      expect(statements.some((text) => text.includes('text_0'))).toBe(true);
      expect(statements.some((text) => text.includes('text_new'))).toBe(false);
    } finally {
      await fresh.db.destroy();
    }
  });
});
