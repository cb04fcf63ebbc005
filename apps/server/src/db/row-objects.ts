/**
 * Rows read as arrays and turned into objects by a function compiled for their columns.
 *
 * pg builds each row of an object-mode result by copying a prototype-less template and storing
 * every column by name, stores V8 cannot specialise because each column has another name; for
 * the dashboard's 20 rows of 50-odd columns that and the garbage it left were a tenth of the
 * server's time per request (docs/decisions/112-rows-as-arrays.md). An object literal with the
 * columns in place gives every row of a statement the same hidden class at once.
 */
export type RowBuilder = {
  readonly columns: readonly string[];
  build(values: readonly unknown[]): Record<string, unknown>;
};

// A literal `__proto__: value` would set the prototype; a computed key makes an own property.
const keyOf = (column: string) =>
  column === '__proto__' ? '["__proto__"]' : JSON.stringify(column);

/**
 * The builder for these columns. As with pg's objects, a name that repeats keeps its first
 * place and its last value.
 */
export function rowBuilder(columns: readonly string[]): RowBuilder {
  const fields = columns.map((column, at) => `${keyOf(column)}: v[${at}]`);
  // Column names are quoted by JSON.stringify, so no name can end the literal early.
  const build = new Function('v', `return { ${fields.join(', ')} };`) as (
    values: readonly unknown[],
  ) => Record<string, unknown>;
  return { columns: [...columns], build };
}

/** Whether `builder` was made for exactly these columns, in this order. */
export function buildsColumns(
  builder: RowBuilder,
  columns: readonly { name: string }[],
): boolean {
  if (builder.columns.length !== columns.length) return false;
  return columns.every((column, at) => builder.columns[at] === column.name);
}
