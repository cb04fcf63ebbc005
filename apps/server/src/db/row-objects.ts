/**
 * Rows turned into objects by a function compiled for their columns.
 *
 * pg builds each row of a result by copying a prototype-less template and storing every
 * column by name, stores V8 cannot specialise because each column has another name; for the
 * dashboard's 20 rows of 50-odd columns that and the garbage it left were a tenth of the
 * server's time per request (docs/decisions/112-rows-read-by-compiled-readers.md). An object
 * literal with the columns in place gives every row of a statement the same hidden class at
 * once.
 */
export type Column = {
  name: string;
  /** Reads the column's text as PostgreSQL sent it (never called for NULL). */
  parse: (text: string) => unknown;
};

export type RowReader = (
  texts: readonly (string | null)[],
) => Record<string, unknown>;

// A literal `__proto__: value` would set the prototype; a computed key makes an own property.
const keyOf = (name: string) =>
  name === '__proto__' ? '["__proto__"]' : JSON.stringify(name);

/**
 * The reader of rows with these columns, in this order. As with pg's objects, a name that
 * repeats keeps its first place and its last value.
 */
export function rowReader(columns: readonly Column[]): RowReader {
  const fields = columns.map(
    ({ name }, at) =>
      `${keyOf(name)}: t[${at}] === null ? null : p[${at}](t[${at}])`,
  );
  // Column names are quoted by JSON.stringify, so no name can end the literal early.
  const compile = new Function(
    'p',
    `return (t) => ({ ${fields.join(', ')} });`,
  ) as (parsers: readonly Column['parse'][]) => RowReader;
  return compile(columns.map((column) => column.parse));
}
