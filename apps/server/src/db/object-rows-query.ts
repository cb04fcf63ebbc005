import pg from 'pg';
import { rowReader, type RowReader } from './row-objects';

type Field = { name: string; dataTypeID: number };

/** How a statement's rows are read: its columns, and the reader compiled for them. */
type RowShape = { readonly fields: readonly Field[]; read: RowReader };

/** A statement whose last row shape is kept with it (prepared-statements.ts' `KnownText`). */
export type ShapeHolder = { shape?: RowShape };

/** What one statement answered: its command tag, read as pg reads it, and its rows. */
export type ObjectRowsResult = {
  command: string;
  rowCount: number | null;
  rows: Record<string, unknown>[];
};

// The messages pg's client hands a submittable's handlers (pg-protocol's parsed messages).
type RowDescription = { fields: Field[] };
type DataRow = { fields: (string | null)[] };
type CommandComplete = { text: string };

/** `SELECT 5`, `INSERT 0 1`, `UPDATE 3`: the command and, last, the rows it touched. */
const COMMAND_TAG = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;

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
 * One parameterised statement whose rows are read by its statement's compiled reader
 * (row-objects.ts), each column's parser looked up once per statement (decision 112), through
 * pg's public interface for query objects of one's own: a "submittable", an object with
 * `submit(connection)` whose handlers pg's client calls with each message of the reply, as
 * pg-cursor and pg-query-stream are (decision 165).
 *
 * Sending stays pg's own: `submit` hands the connection to a plain `pg.Query` of the same text,
 * values and name, which writes Parse (once per connection for a named statement: pg's client
 * keeps which names it parsed), Bind with pg's value conversion, Describe, Execute and Sync. The
 * reply comes here, not to that query, so pg never builds its field object or its rows; that
 * cost 15-20 % more server CPU on the hot reads with `rowMode: 'array'` (decision 163).
 *
 * A reply whose columns or types differ from the kept shape (a `SELECT *` prepared again after a
 * migration) gets a new one. One statement answers one result: the driver sends only texts
 * with parameters this way, and the extended protocol takes one command per text.
 */
export class ObjectRowsQuery implements pg.Submittable {
  /** Read by pg's client: it records a named statement as parsed under these once it is. */
  readonly name: string | undefined;
  readonly text: string;
  readonly #sender: pg.Query;
  readonly #holder: ShapeHolder;
  readonly #settle: (
    error: Error | undefined,
    result?: ObjectRowsResult,
  ) => void;
  #shape: RowShape | undefined;
  #rows: Record<string, unknown>[] = [];
  #command = '';
  #rowCount: number | null = null;
  /** A failure met before PostgreSQL is done (a bind or a row that cannot be read). */
  #failure: Error | undefined;
  #settled = false;

  constructor(
    config: { text: string; values: unknown[]; name?: string },
    holder: ShapeHolder,
    settle: (error: Error | undefined, result?: ObjectRowsResult) => void,
  ) {
    this.name = config.name;
    this.text = config.text;
    this.#holder = holder;
    this.#settle = settle;
    // pg's query reports only what goes wrong while it writes the messages (a value it cannot
    // convert); it then closes and syncs, and the ReadyForQuery that follows comes here.
    this.#sender = new pg.Query(config, (error?: Error) => {
      if (error) this.#failure = error;
    });
  }

  submit(connection: pg.Connection): void {
    this.#sender.submit(connection);
  }

  handleRowDescription(message: RowDescription): void {
    let shape = this.#holder.shape;
    if (!shape || !sameFields(shape, message.fields)) {
      shape = shapeOf(message.fields);
      this.#holder.shape = shape;
    }
    this.#shape = shape;
  }

  handleDataRow(message: DataRow): void {
    if (this.#failure || !this.#shape) return;
    try {
      this.#rows.push(this.#shape.read(message.fields));
    } catch (error) {
      // As pg does: a row that cannot be read fails the statement once it is over.
      this.#failure = error as Error;
    }
  }

  handleCommandComplete(message: CommandComplete): void {
    const tag = COMMAND_TAG.exec(message.text);
    if (!tag) return;
    this.#command = tag[1] ?? '';
    const count = tag[3] ?? tag[2];
    this.#rowCount = count === undefined ? null : Number(count);
  }

  /** A statement of empty text: no rows, no command. */
  handleEmptyQuery(): void {}

  /** Never asked for: the whole result is read in one Execute. */
  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: pg.Connection): void {
    (
      connection as unknown as { sendCopyFail(message: string): void }
    ).sendCopyFail('The server sends no COPY data.');
  }

  handleCopyData(): void {}

  /** PostgreSQL's error, or the connection's; pg's client has already let the statement go. */
  handleError(error: Error): void {
    this.#finish(this.#failure ?? error);
  }

  handleReadyForQuery(): void {
    this.#finish(this.#failure);
  }

  #finish(error: Error | undefined): void {
    if (this.#settled) return;
    this.#settled = true;
    if (error) this.#settle(error);
    else
      this.#settle(undefined, {
        command: this.#command,
        rowCount: this.#rowCount,
        rows: this.#rows,
      });
  }
}
