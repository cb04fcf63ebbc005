import {
  PGliteAdapter,
  PGliteDialect,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Kysely's PGlite dialect, its one connection handed out in arrival order, one caller per
 * turn of the event loop (docs/decisions/124-pglite-wait-bound.md). Kysely's own lock for
 * single-connection dialects wakes every waiter at each release and hands over within the same
 * turn: PGlite computes on this thread, so under load one turn ran caller after caller for
 * most of a second without reading a request or accepting a connection. How many requests
 * may wait at all is bounded in front of it, by platform/http/admission.ts.
 */
export function queuedPGliteDialect(pglite: PGlite): Dialect {
  const dialect = new PGliteDialect({ pglite });
  return {
    // Tells Kysely not to add its own lock: the driver below is the only one.
    createAdapter: () => new QueuedPGliteAdapter(),
    createDriver: () => new QueuedDriver(dialect.createDriver()),
    createIntrospector: (db: Kysely<unknown>) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

class QueuedPGliteAdapter extends PGliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

type Waiter = { admit: () => void; refuse: (error: Error) => void };

class QueuedDriver implements Driver {
  readonly #inner: Driver;
  #held = false;
  readonly #waiting: Waiter[] = [];

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#held) {
      await new Promise<void>((admit, refuse) =>
        this.#waiting.push({ admit, refuse }),
      );
    }
    this.#held = true;
    return this.#inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.releaseConnection(connection);
    } finally {
      const next = this.#waiting.shift();
      // Still held: the connection passes to the oldest waiter on the next turn, after the
      // server has read what arrived meanwhile.
      if (next) setImmediate(next.admit);
      else this.#held = false;
    }
  }

  beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.savepoint?.(connection, name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.rollbackToSavepoint?.(connection, name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.releaseSavepoint?.(connection, name, compileQuery);
  }

  async destroy(): Promise<void> {
    for (const waiter of this.#waiting.splice(0))
      waiter.refuse(new Error('The database is closing.'));
    await this.#inner.destroy();
  }
}
