import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkCompiledOnce, compiledOnce } from './compiled-once';

type Database = {
  people: { id: number; company_id: number; name: string; archived: boolean };
};

// Compiles without a database: only the SQL text and its parameters are looked at.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const people = (options: {
  companyId: number;
  name: string;
  archived: boolean;
}) =>
  db
    .selectFrom('people')
    .select(['id', 'name'])
    .where('company_id', '=', options.companyId)
    .where('archived', '=', options.archived)
    .where(
      sql<boolean>`lower(name) = lower(${options.name}) OR id = ${options.companyId}`,
    )
    .compile();

describe('compiledOnce', () => {
  // As in every test of the server (test/test-app.ts): each call is also compiled afresh.
  beforeAll(() => checkCompiledOnce(true));

  it('gives each call the statement of its own values', () => {
    for (const [companyId, name] of [
      [1, 'Jane'],
      [2, 'Omar'],
    ] as const) {
      const statement = compiledOnce(
        'people archived',
        [companyId, name],
        ([company, text]) =>
          people({ companyId: company, name: text, archived: true }),
      );
      const fresh = people({ companyId, name, archived: true });
      expect(statement.sql).toBe(fresh.sql);
      expect(statement.parameters).toEqual([companyId, true, name, companyId]);
    }
  });

  it('keeps what the shape names as it was compiled the first time', () => {
    const statement = compiledOnce(
      'people current',
      [3, 'Ann'],
      ([company, text]) =>
        people({ companyId: company, name: text, archived: false }),
    );
    expect(statement.parameters).toEqual([3, false, 'Ann', 3]);
  });

  it('fails when the statement depends on more than its shape and values', () => {
    const byStatus = (archived: boolean) =>
      compiledOnce('people by status', [4, 'Lee'], ([company, text]) =>
        people({ companyId: company, name: text, archived }),
      );
    byStatus(true);
    expect(() => byStatus(false)).toThrow(/people by status/);
  });

  it('fails when a value is used as more than an SQL value', () => {
    const inList = (ids: number[]) =>
      compiledOnce('people in list', [ids], ([list]) =>
        db.selectFrom('people').select('id').where('id', 'in', list).compile(),
      );
    expect(() => inList([1, 2])).toThrow(/people in list/);
  });
});
