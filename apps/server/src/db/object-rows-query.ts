import pg from 'pg';
import { rowReader, type RowReader } from './row-objects';

type Field = { name: string; dataTypeID: number };

/** How a statement's rows are read: its columns, and the reader compiled for them. */
export type RowShape = { readonly fields: readonly Field[]; read: RowReader };

/** The parts of pg's Query (pg 8) this class fills in place of its own row reading. */
type QueryInternals = {
  _result: { fields: Field[]; rows: unknown[] };
  _checkForMultirow(): void;
  _canceledDueToError: unknown;
};

const sameFields = (shape: RowShape, fields: readonly Field[]) =>
  shape.fields.length === fields.length &&
  fields.every(
    (field, at) =>
      shape.fields[at]?.name === field.name &&
      shape.fields[at]?.dataTypeID === field.dataTypeID,
  );

function shapeOf(fields: readonly Field[]): RowShape {
  return {
    fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    read: rowReader(
      fields.map(({ name, dataTypeID }) => ({
        name,
        // pg's global parsers, as connection.ts sets them (no client has parsers of its own),
        // for text: the server never asks PostgreSQL for binary results.
        parse: pg.types.getTypeParser(dataTypeID, 'text') as (
          text: string,
        ) => unknown,
      })),
    ),
  };
}

/**
 * A pg query whose rows are read by its statement's compiled reader (row-objects.ts), with
 * each column's parser looked up once per statement, not on every execution as pg does
 * (docs/decisions/112-rows-read-by-compiled-readers.md).
 *
 * `shapes` keeps the last shape per statement; a result whose columns or types differ (a
 * `SELECT *` prepared again after a migration) gets a new one. Rows are not emitted as 'row'
 * events: the server reads every result whole.
 */
export class ObjectRowsQuery extends pg.Query {
  #shape: RowShape | undefined;

  constructor(
    config: pg.QueryConfig,
    private readonly shapes: Map<number, RowShape>,
    private readonly statement: number,
    callback: (error: Error | undefined, result: pg.QueryResult) => void,
  ) {
    super(config, callback);
  }

  private get internals(): QueryInternals {
    return this as unknown as QueryInternals;
  }

  handleRowDescription(message: { fields: Field[] }): void {
    const { internals, shapes, statement } = this;
    internals._checkForMultirow();
    internals._result.fields = message.fields;
    let shape = shapes.get(statement);
    if (!shape || !sameFields(shape, message.fields)) {
      shape = shapeOf(message.fields);
      shapes.set(statement, shape);
    }
    this.#shape = shape;
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const { internals } = this;
    if (internals._canceledDueToError || !this.#shape) return;
    try {
      internals._result.rows.push(this.#shape.read(message.fields));
    } catch (error) {
      // As pg does: a row that cannot be read fails the statement once it is over.
      internals._canceledDueToError = error;
    }
  }
}
