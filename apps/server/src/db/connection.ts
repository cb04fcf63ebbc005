import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import {
  pgliteNotices,
  postgresNotices,
  type ChangeNotices,
} from './change-notices';
import { queuedPGliteDialect } from './pglite-queue';
import { preparingPostgresDialect } from './postgres-dialect';
import type { Database } from './schema';
import { parseTimestamptz } from './timestamps';

export type Db = Kysely<Database>;

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory. */
  pgliteDir: string;
  /** A dumped, already migrated data folder to start from (tests). */
  loadDataDir?: Blob | File | undefined;
};

// node-postgres returns bigint and numeric as strings; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, parseTimestamptz);

export async function openDatabase(options: DatabaseOptions): Promise<{
  db: Db;
  pglite?: PGlite;
  notices: ChangeNotices;
}> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
    });
    // An idle client whose server connection dropped (a PostgreSQL restart, a terminated
    // backend) is discarded by the pool and the next query opens a new one; unhandled, the
    // event would end the process.
    pool.on('error', () => {});
    // The pool listens only to idle clients. A connection that drops while a request holds it
    // fails that request's query instead (a 503: platform/http/errors.ts) and is discarded on
    // release; unheard, its 'error' event would end the process too.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    return {
      db: new Kysely<Database>({ dialect: preparingPostgresDialect(pool) }),
      notices: postgresNotices(options.databaseUrl),
    };
  }
  if (!options.pgliteDir.startsWith('memory://'))
    mkdirSync(options.pgliteDir, { recursive: true });
  // Loaded only here: a server on PostgreSQL never needs PGlite's code
  // (docs/decisions/085-server-memory.md).
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const pglite = await PGlite.create({
    dataDir: options.pgliteDir,
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
    // The same readers as on PostgreSQL: bigint as a number, timestamps as DbTimestamp.
    parsers: {
      [pg.types.builtins.INT8]: (value: string) => Number(value),
      [pg.types.builtins.TIMESTAMPTZ]: parseTimestamptz,
    },
  });
  return {
    db: new Kysely<Database>({ dialect: queuedPGliteDialect(pglite) }),
    pglite,
    notices: pgliteNotices(pglite),
  };
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}
