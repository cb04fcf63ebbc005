import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type CompiledQuery,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import { ObjectRowsQuery, type ObjectRowsResult } from './object-rows-query';
import {
  MAX_NAMED_PER_CONNECTION,
  knownText,
  type KnownText,
} from './prepared-statements';

/** PostgreSQL's answer when a prepared statement's result columns changed under it. */
const RESULT_TYPE_CHANGED = '0A000';

/**
 * Kysely on node-postgres through the project's own driver, the one place that decides how a
 * statement is sent and how its rows are read (decision 163): parameterised statements as
 * named ones (prepared-statements.ts), their rows read by the statement's compiled reader
 * (object-rows-query.ts); anything else through pg's plain `query`.
 */
export function preparingPostgresDialect(pool: pg.Pool): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PreparingDriver(pool),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

class PreparingDriver implements Driver {
  readonly #pool: pg.Pool;
  /** One per pooled client, kept with it: what it prepared stays on its server connection. */
  readonly #connections = new WeakMap<pg.PoolClient, PreparingConnection>();

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<PreparingConnection> {
    const client = await this.#pool.connect();
    let connection = this.#connections.get(client);
    if (!connection) {
      connection = new PreparingConnection(client);
      this.#connections.set(client, connection);
    }
    return connection;
  }

  async beginTransaction(
    connection: PreparingConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    const parts = ['start transaction'];
    if (settings.isolationLevel)
      parts.push(`isolation level ${settings.isolationLevel}`);
    if (settings.accessMode) parts.push(settings.accessMode);
    await connection.command(parts.join(' '));
  }

  async commitTransaction(connection: PreparingConnection): Promise<void> {
    // PostgreSQL completes COMMIT with a ROLLBACK tag when an earlier statement's error,
    // caught inside the transaction, had aborted it: nothing was stored.
    if ((await connection.command('commit')) === 'ROLLBACK')
      throw new Error(
        'The transaction was rolled back: one of its statements had failed.',
      );
  }

  async rollbackTransaction(connection: PreparingConnection): Promise<void> {
    try {
      await connection.command('rollback');
    } catch (error) {
      connection.discard();
      throw error;
    }
  }

  async releaseConnection(connection: PreparingConnection): Promise<void> {
    connection.release();
  }

  async destroy(): Promise<void> {
    await this.#pool.end();
  }
}

const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PreparingConnection implements DatabaseConnection {
  readonly #client: pg.PoolClient;
  /** Names prepared on this connection, old generations included: they stay on the server. */
  readonly #named = new Set<string>();
  /** Bumped when a schema change invalidates this connection's prepared statements. */
  #generation = 0;
  /** Set when a rollback failed: the pool closes the connection instead of reusing it. */
  #discarded = false;

  constructor(client: pg.PoolClient) {
    this.#client = client;
  }

  async executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
    const text = query.sql;
    const values = query.parameters as unknown[];
    const known = knownText(text, values);
    const name =
      known && !known.matchesPattern
        ? this.#nameFor(`candor_${known.number}_${this.#generation}`)
        : undefined;
    let result: ObjectRowsResult | pg.QueryResult | pg.QueryResult[];
    try {
      result = await (known
        ? this.#readByShape(known, { text, values, name })
        : this.#client.query(text, values));
    } catch (error) {
      // After a migration that changes a table's columns (a rolling deploy) a prepared
      // `SELECT *` fails once; the next use prepares it afresh under a new name.
      if ((error as { code?: unknown }).code === RESULT_TYPE_CHANGED)
        this.#generation += 1;
      throw error;
    }
    // A parameterless text of several commands (a migration) answers one result each; nobody
    // reads their rows.
    if (Array.isArray(result)) return { rows: [] };
    const rows = result.rows as Row[];
    return COUNTED_COMMANDS.has(result.command)
      ? { rows, numAffectedRows: BigInt(result.rowCount ?? 0) }
      : { rows };
  }

  /** Runs a kept text, its rows read by its compiled reader (object-rows-query.ts). */
  #readByShape(
    known: KnownText,
    config: { text: string; values: unknown[]; name: string | undefined },
  ): Promise<ObjectRowsResult> {
    const { name, ...unnamed } = config;
    return new Promise((resolve, reject) => {
      this.#client.query(
        new ObjectRowsQuery(
          name === undefined ? unnamed : config,
          known,
          (error, result) =>
            error || !result ? reject(error) : resolve(result),
        ),
      );
    });
  }

  /** The name, or undefined once this connection has prepared as many as it may. */
  #nameFor(name: string): string | undefined {
    if (this.#named.has(name)) return name;
    if (this.#named.size >= MAX_NAMED_PER_CONNECTION) return undefined;
    this.#named.add(name);
    return name;
  }

  // eslint-disable-next-line require-yield -- the server reads every result whole
  async *streamQuery<Row>(): AsyncIterableIterator<QueryResult<Row>> {
    throw new Error('The server reads every result whole: nothing streams.');
  }

  /** Runs a transaction's command and answers PostgreSQL's tag for it. */
  async command(text: string): Promise<string> {
    return (await this.#client.query(text)).command;
  }

  discard(): void {
    this.#discarded = true;
  }

  release(): void {
    this.#client.release(this.#discarded);
  }
}
