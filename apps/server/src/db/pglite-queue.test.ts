import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// The embedded database's one connection; PostgreSQL has a pool instead.
describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'the embedded database connection',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('goes to waiting callers in the order they came, one per turn of the event loop', async () => {
      const served: number[] = [];
      let released = false;
      // A transaction holds the one connection while 30 callers line up behind it.
      const held = t.db.transaction().execute(
        () =>
          new Promise<void>((done) =>
            setTimeout(() => {
              released = true;
              done();
            }, 50),
          ),
      );
      const callers = Array.from({ length: 30 }, (_, index) =>
        sql`select ${index}::int as n`
          .execute(t.db)
          .then(() => served.push(index)),
      );
      // Turns of the event loop while they are served: between two callers the server may read
      // and accept (Kysely's own lock served them all within one turn).
      let turns = 0;
      const count = () => {
        if (released) turns++;
        if (served.length < callers.length) setImmediate(count);
      };
      count();
      await Promise.all([held, ...callers]);
      expect(served).toEqual(Array.from({ length: 30 }, (_, index) => index));
      expect(turns).toBeGreaterThanOrEqual(callers.length - 1);
    });

    it('still runs transactions one at a time', async () => {
      const totals = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          t.db.transaction().execute(async (trx) => {
            await sql`create temporary table if not exists turn (n int)`.execute(
              trx,
            );
            await sql`delete from turn`.execute(trx);
            await sql`insert into turn values (${index}), (${index})`.execute(
              trx,
            );
            await new Promise((done) => setTimeout(done, 5));
            const { rows } = await sql<{
              total: number;
            }>`select sum(n)::int as total from turn`.execute(trx);
            return rows[0]?.total;
          }),
        ),
      );
      expect(totals).toEqual([0, 2, 4, 6, 8]);
    });
  },
);
