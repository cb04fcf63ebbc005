import type { CompiledQuery } from 'kysely';

/** Stands for the value at `index` while a statement is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

type Compiled = {
  query: CompiledQuery;
  /** For each parameter, the index of the value it takes, or -1 for one compiled in. */
  slots: number[];
};

/** A variant is a few words and flags; more than this many of one statement is a bug. */
const MAX_VARIANTS = 500;

/** On in the tests: every statement is also compiled afresh and must be the same. */
let checkEachRun = false;

/** Turns the check of every run on or off (config.checkStaticStatements, set by the app context). */
export function checkStaticStatements(enabled: boolean): void {
  checkEachRun = enabled;
}

const sameValue = (a: unknown, b: unknown) =>
  a === b ||
  (a instanceof Date && b instanceof Date && a.getTime() === b.getTime()) ||
  JSON.stringify(a) === JSON.stringify(b);

/**
 * A statement declared once, next to its repository, and compiled once for each variant, so a
 * hot read neither builds and compiles its query tree nor hashes a new SQL text on every
 * request (decision 113; building the job page's statement was a tenth of the server's time).
 *
 * `build` is a module's function of the database (or transaction), the variant (what changes the SQL text: a
 * stage, an order, a scope's kind; compared as JSON) and the values: it sees nothing else, so
 * the text cannot depend on what the variant does not hold. The first time a variant is asked
 * for, `build` receives stand-ins for the values, each of which becomes a parameter: it may
 * use them only as SQL values, never in a condition, a `sql.lit` or a list's length. With the
 * check on (CHECK_STATIC_STATEMENTS=true, as in every test) each run is also compiled from its
 * real values and must give the same text and parameters.
 *
 * Every run of a variant shares its compiled query's `queryId`: a Kysely plugin that kept
 * state per query would see them as one. The database is opened without plugins.
 */
export function staticStatement<
  Db,
  Variant,
  const Values extends readonly unknown[],
  Row,
>(
  build: (db: Db, variant: Variant, values: Values) => CompiledQuery<Row>,
): (db: Db, variant: Variant, values: Values) => CompiledQuery<Row> {
  const variants = new Map<string, Compiled>();
  return (db, variant, values) => {
    const key = variant === undefined ? '' : JSON.stringify(variant);
    let known = variants.get(key);
    if (known === undefined) {
      const standIns = values.map((_, index) => new Slot(index));
      const query = build(db, variant, standIns as unknown as Values);
      known = {
        query,
        slots: query.parameters.map((parameter) =>
          parameter instanceof Slot ? parameter.index : -1,
        ),
      };
      if (variants.size >= MAX_VARIANTS) variants.clear();
      variants.set(key, known);
    }
    const { query, slots } = known;
    const parameters = query.parameters.map((parameter, at) => {
      const index = slots[at] ?? -1;
      return index === -1 ? parameter : values[index];
    });
    const compiled = { ...query, parameters } as CompiledQuery<Row>;
    if (checkEachRun) {
      const fresh = build(db, variant, values);
      if (
        fresh.sql !== compiled.sql ||
        fresh.parameters.length !== parameters.length ||
        fresh.parameters.some((value, at) => !sameValue(value, parameters[at]))
      )
        throw new Error(
          `A static statement depends on more than its variant and values: ${fresh.sql.slice(0, 120)}`,
        );
    }
    return compiled;
  };
}
