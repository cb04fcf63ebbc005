import type { CompiledQuery } from 'kysely';

/** Stands for the value at `index` while a statement's shape is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

type Shape = {
  query: CompiledQuery;
  /** For each parameter, the index of the value it takes, or -1 for one compiled in. */
  slots: number[];
};

const shapes = new Map<string, Shape>();
/** Shapes are few (a job page has one per stage and filter); a key past this is a bug. */
const MAX_SHAPES = 2000;

/** On in the tests: every statement is also compiled afresh and must be the same. */
let checkEachRun = false;

/** Turns the check of every run on or off (config.checkCompiledOnce, set by the app context). */
export function checkCompiledOnce(enabled: boolean): void {
  checkEachRun = enabled;
}

const sameValue = (a: unknown, b: unknown) =>
  a === b ||
  (a instanceof Date && b instanceof Date && a.getTime() === b.getTime()) ||
  JSON.stringify(a) === JSON.stringify(b);

/**
 * `build(values)` compiled once per `shape` and then run with each call's values, so a hot
 * read does not build and compile its query tree, nor hash a new SQL text to find its prepared
 * statement, on every request (decision 113).
 *
 * `shape` must name everything the SQL text depends on besides `values`: the first time, `build`
 * receives stand-ins for the values, and each becomes a parameter of the statement. So `build`
 * may use the values only as SQL values, never in a condition, a `sql.lit` or a list's length.
 * With the check on (CHECK_COMPILED_ONCE=true, as in the tests) each call also compiles
 * `build(values)` and throws when its text or parameters differ from the shape's.
 *
 * Every run of a shape shares its compiled query's `queryId`: a Kysely plugin that kept state
 * per query would see them as one. The database is opened without plugins (db/connection.ts).
 */
export function compiledOnce<Row, const Values extends readonly unknown[]>(
  shape: string,
  values: Values,
  build: (values: Values) => CompiledQuery<Row>,
): CompiledQuery<Row> {
  let known = shapes.get(shape);
  if (known === undefined) {
    const slots = values.map((_, index) => new Slot(index));
    const query = build(slots as unknown as Values);
    known = {
      query,
      slots: query.parameters.map((parameter) =>
        parameter instanceof Slot ? parameter.index : -1,
      ),
    };
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    shapes.set(shape, known);
  }
  const { query, slots } = known;
  const parameters = query.parameters.map((parameter, at) => {
    const index = slots[at] ?? -1;
    return index === -1 ? parameter : values[index];
  });
  const compiled = { ...query, parameters } as CompiledQuery<Row>;
  if (checkEachRun) {
    const fresh = build(values);
    if (
      fresh.sql !== compiled.sql ||
      fresh.parameters.length !== parameters.length ||
      fresh.parameters.some((value, at) => !sameValue(value, parameters[at]))
    )
      throw new Error(
        `The statement of shape ${shape} depends on more than its shape and values.`,
      );
  }
  return compiled;
}
