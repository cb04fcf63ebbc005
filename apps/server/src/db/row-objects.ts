/**
 * Rows turned into objects by a function compiled for their columns.
 *
 * pg builds each row of a result by copying a prototype-less template and storing every
 * column by name, stores V8 cannot specialise because each column has another name; for the
 * dashboard's 20 rows of 50-odd columns that and the garbage it left were a tenth of the
 * server's time per request (docs/decisions/112-rows-read-by-compiled-readers.md). The driver
 * asks pg for each row as an array of parsed values (`rowMode: 'array'`) and this reader, an
 * object literal with the columns in place, gives every row of a statement the same hidden
 * class at once.
 */
export type RowReader = (values: readonly unknown[]) => Record<string, unknown>;

// A literal `__proto__: value` would set the prototype; a computed key makes an own property.
const keyOf = (name: string) =>
  name === '__proto__' ? '["__proto__"]' : JSON.stringify(name);

/**
 * The reader of rows with these column names, in this order. As with pg's objects, a name
 * that repeats keeps its first place and its last value.
 */
export function rowReader(names: readonly string[]): RowReader {
  const fields = names.map((name, at) => `${keyOf(name)}: v[${at}]`);
  // Column names are quoted by JSON.stringify, so no name can end the literal early.
  return new Function(
    `return (v) => ({ ${fields.join(', ')} });`,
  )() as RowReader;
}
