import type { ShapeHolder } from './object-rows-query';

/**
 * Which statements the driver (postgres-dialect.ts) sends as named, prepared statements, so
 * PostgreSQL parses each once per connection and, once its plan proves as good for any value,
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

/** Texts given a number in this process; a new text past the limit runs unnamed. */
export const MAX_NUMBERED_TEXTS = 1024;

/** A text with parameters the process has seen: its number, how its rows are read. */
export type KnownText = ShapeHolder & {
  readonly number: number;
  readonly matchesPattern: boolean;
};

// A Map lookup, not a hash of the text: hashing 1-2 KB per statement cost 3-12% of the job
// page's throughput (measured alternately against this). Whether a text matches a pattern is
// looked for once per text, not once per statement (2% of the job page's CPU samples).
const knownTexts = new Map<string, KnownText>();

const fitsParameters = (values: readonly unknown[]) =>
  values.length > 0 && values.length <= MAX_PARAMETERS;

/**
 * The text as this process knows it: texts with a few parameters, the ones that may be
 * prepared, up to the limit of texts. Others (migrations, bulk inserts) are not kept.
 */
export function knownText(
  text: string,
  values: readonly unknown[],
): KnownText | undefined {
  if (!fitsParameters(values)) return undefined;
  let known = knownTexts.get(text);
  if (known === undefined && knownTexts.size < MAX_NUMBERED_TEXTS) {
    known = {
      number: knownTexts.size + 1,
      matchesPattern: PATTERN_MATCH.test(text),
    };
    knownTexts.set(text, known);
  }
  return known;
}

/** Whether the driver sends this statement as a named one. */
export function isPrepared(text: string, values: readonly unknown[]): boolean {
  return fitsParameters(values) && !PATTERN_MATCH.test(text);
}
