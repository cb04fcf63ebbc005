import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkStaticStatements, staticStatement } from './static-statement';

type Database = {
  people: { id: number; company_id: number; name: string; archived: boolean };
};
type Db = Kysely<Database>;

// Compiles without a database: only the SQL text and its parameters are looked at.
const db: Db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const peopleQuery = (
  on: Db,
  archived: boolean,
  [companyId, name]: readonly [number, string],
) =>
  on
    .selectFrom('people')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('archived', '=', archived)
    .where(sql<boolean>`lower(name) = lower(${name}) OR id = ${companyId}`)
    .compile();

describe('staticStatement', () => {
  // As in every test of the server (test/test-app.ts): each run is also compiled afresh.
  beforeAll(() => checkStaticStatements(true));

  it('gives each run the statement of its own variant and values', () => {
    const people = staticStatement(
      (on: Db, variant: { archived: boolean }, values: [number, string]) =>
        peopleQuery(on, variant.archived, values),
    );
    for (const [companyId, name, archived] of [
      [1, 'Jane', true],
      [2, 'Omar', true],
      [3, 'Ann', false],
    ] as const) {
      const statement = people(db, { archived }, [companyId, name]);
      const fresh = peopleQuery(db, archived, [companyId, name]);
      expect(statement.sql).toBe(fresh.sql);
      expect(statement.parameters).toEqual([
        companyId,
        archived,
        name,
        companyId,
      ]);
    }
  });

  it('fails when a value is used as more than an SQL value', () => {
    const inList = staticStatement((on: Db, _: undefined, [ids]: [number[]]) =>
      on.selectFrom('people').select('id').where('id', 'in', ids).compile(),
    );
    expect(() => inList(db, undefined, [[1, 2]])).toThrow(
      /depends on more than its variant and values/,
    );
  });

  it('fails when a value decides what the text says', () => {
    const byName = staticStatement((on: Db, _: undefined, [name]: [string]) =>
      on
        .selectFrom('people')
        .select('id')
        .where('name', name === '' ? 'is not' : '=', name === '' ? null : name)
        .compile(),
    );
    byName(db, undefined, ['Lee']);
    expect(() => byName(db, undefined, [''])).toThrow(
      /depends on more than its variant and values/,
    );
  });
});
