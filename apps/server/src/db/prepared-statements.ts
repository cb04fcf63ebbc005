import type pg from 'pg';
import { ObjectRowsQuery, type RowShape } from './object-rows-query';

/**
 * Makes a pg client send each parameterised statement as a named (prepared) statement, so
 * PostgreSQL parses it once per connection and, once its plan proves as good for any value,
 * stops planning it (docs/decisions/087-per-request-cost.md).
 *
 * Only statements with parameters are named: they already go through the extended protocol,
 * which allows one command per statement, while a parameterless text (a migration, BEGIN) may
 * hold several. Statements with many parameters (bulk inserts, long `in` lists) change shape
 * with their row count and stay unnamed, a connection names at most
 * `MAX_NAMED_PER_CONNECTION` texts and the process numbers at most `MAX_NUMBERED_TEXTS`, so
 * neither PostgreSQL's memory per connection nor the server's grows with the SQL it sees.
 *
 * A statement that matches a pattern (LIKE, ILIKE) is never named: how many rows '%jane%'
 * matches depends on the value alone, and a generic plan chose to search the trigram indexes
 * once per job of the company, 3.5 s instead of 30 ms (docs/archive/benchmarks-log.md).
 */
const MAX_PARAMETERS = 64;
const PATTERN_MATCH = /\bi?like\b/i;
export const MAX_NAMED_PER_CONNECTION = 256;
/** PostgreSQL's answer when a prepared statement's result columns changed under it. */
const RESULT_TYPE_CHANGED = '0A000';

/** Texts given a number in this process; a new text past the limit runs unnamed. */
export const MAX_NUMBERED_TEXTS = 1024;
// A Map lookup, not a hash of the text: hashing 1-2 KB per statement cost 3-12% of the job
// page's throughput (measured alternately against this). A text that matches a pattern is
// kept as null, so the pattern is looked for once per text, not once per statement (2% of the
// job page's CPU samples).
const numbersByText = new Map<string, number | null>();
/** How each numbered text's rows were last read (decision 112). */
const shapesByNumber = new Map<number, RowShape>();

/** The text's number, or undefined when it runs unnamed. */
function statementNumber(text: string): number | undefined {
  let number = numbersByText.get(text);
  if (number === undefined && numbersByText.size < MAX_NUMBERED_TEXTS) {
    number = PATTERN_MATCH.test(text) ? null : numbersByText.size + 1;
    numbersByText.set(text, number);
  }
  return number ?? undefined;
}

const fitsParameters = (values: readonly unknown[]) =>
  values.length > 0 && values.length <= MAX_PARAMETERS;

/** Whether `prepareStatements` sends this statement as a named one. */
export function isPrepared(text: string, values: readonly unknown[]): boolean {
  return fitsParameters(values) && !PATTERN_MATCH.test(text);
}

export function prepareStatements(client: pg.PoolClient): void {
  const plainQuery = client.query.bind(client) as (
    ...args: unknown[]
  ) => Promise<unknown>;
  // Names prepared on this connection, old generations included: they stay on the server.
  const named = new Set<string>();
  // Bumped when a schema change invalidates this connection's prepared statements.
  let generation = 0;

  const query = (...args: unknown[]): Promise<unknown> => {
    const [text, values] = args;
    if (
      args.length !== 2 ||
      typeof text !== 'string' ||
      !Array.isArray(values) ||
      !fitsParameters(values)
    )
      return plainQuery(...args);
    const number = statementNumber(text);
    if (number === undefined) return plainQuery(...args);
    const name = `candor_${number}_${generation}`;
    if (!named.has(name)) {
      if (named.size >= MAX_NAMED_PER_CONNECTION) return plainQuery(...args);
      named.add(name);
    }
    return new Promise((resolve, reject) => {
      void plainQuery(
        new ObjectRowsQuery(
          { name, text, values },
          shapesByNumber,
          number,
          (error, result) => (error ? reject(error) : resolve(result)),
        ),
      );
    }).catch((error: unknown) => {
      // After a migration that changes a table's columns (a rolling deploy) a prepared
      // `SELECT *` fails once; the next use prepares it afresh under a new name.
      if ((error as { code?: unknown }).code === RESULT_TYPE_CHANGED)
        generation += 1;
      throw error;
    });
  };
  client.query = query as typeof client.query;
}
