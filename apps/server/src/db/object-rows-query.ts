import pg from 'pg';
import { rowReader, type RowReader } from './row-objects';

type Field = { name: string; dataTypeID: number };

/** How a statement's rows are read: its columns, and the reader compiled for them. */
type RowShape = { readonly fields: readonly Field[]; read: RowReader };

/** A statement whose last row shape is kept with it (prepared-statements.ts' `KnownText`). */
export type ShapeHolder = { shape?: RowShape };

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
 * (decision 112). The one place that touches pg's private members, used only by the driver
 * (postgres-dialect.ts): pg's public `rowMode: 'array'` still builds, on every execution, an
 * object of every column name and looks up every parser, and with it the server spent 0.1 ms
 * more of CPU on a dashboard or job page request, 15-20 % (decision 163). The driver's test
 * compares these rows with pg's own, so a pg upgrade that changes these members fails there.
 *
 * A result whose columns or types differ from the kept shape (a `SELECT *` prepared again
 * after a migration) gets a new one. Rows are not emitted as 'row' events: the server reads
 * every result whole.
 */
export class ObjectRowsQuery extends pg.Query {
  #shape: RowShape | undefined;

  constructor(
    config: pg.QueryConfig,
    private readonly holder: ShapeHolder,
    callback: (error: Error | undefined, result: pg.QueryResult) => void,
  ) {
    super(config, callback);
  }

  private get internals(): QueryInternals {
    return this as unknown as QueryInternals;
  }

  handleRowDescription(message: { fields: Field[] }): void {
    const { internals, holder } = this;
    internals._checkForMultirow();
    internals._result.fields = message.fields;
    let shape = holder.shape;
    if (!shape || !sameFields(shape, message.fields)) {
      shape = shapeOf(message.fields);
      holder.shape = shape;
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
