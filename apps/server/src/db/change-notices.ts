import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What PostgreSQL's NOTIFY tells a process about rows other processes changed. A listener
 * hears `notice` for each payload sent on its channel once it is `ready`; `lost` means notices
 * may have gone unheard (the listening connection dropped) until the next `ready`.
 */
export type NoticeHandlers = {
  notice(payload: string): void;
  lost(): void;
  ready(): void;
};

export type ChangeNotices = {
  /**
   * Whether every listener has heard a notice before its committing statement returns (the
   * embedded database, one process): then nothing is ever heard late.
   */
  synchronous: boolean;
  /** Starts listening; the returned function stops. */
  listen(channel: string, handlers: NoticeHandlers): () => Promise<void>;
};

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;
const KEEPALIVE_MS = 10_000;

/**
 * A connection of its own per channel, outside the pool: LISTEN belongs to one connection, and
 * a pooled one would hand it to requests. A dropped connection is reported as `lost` at once,
 * then opened again with a growing pause.
 */
export function postgresNotices(connectionString: string): ChangeNotices {
  return {
    synchronous: false,
    listen(channel, handlers) {
      let client: pg.Client | null = null;
      let retry: NodeJS.Timeout | null = null;
      let pause = RETRY_MIN_MS;
      let stopped = false;
      const dropped = (dead: pg.Client) => {
        if (client !== dead) return;
        client = null;
        handlers.lost();
        void dead.end().catch(() => {});
        if (stopped) return;
        retry = setTimeout(connect, pause);
        retry.unref();
        pause = Math.min(pause * 2, RETRY_MAX_MS);
      };
      const connect = () => {
        retry = null;
        // TCP keep-alive finds a connection that died without a word (a host gone from the
        // network), which would otherwise look like a quiet one; until then the cache's
        // 60-second age bounds what could go unheard.
        const next = new pg.Client({
          connectionString,
          keepAlive: true,
          keepAliveInitialDelayMillis: KEEPALIVE_MS,
        });
        client = next;
        next.on('notification', (message) => {
          if (message.channel === channel)
            handlers.notice(message.payload ?? '');
        });
        next.on('error', () => dropped(next));
        next.on('end', () => dropped(next));
        next
          .connect()
          .then(() => next.query(`LISTEN ${pg.escapeIdentifier(channel)}`))
          .then(() => {
            if (client !== next) return;
            pause = RETRY_MIN_MS;
            handlers.ready();
          })
          .catch(() => dropped(next));
      };
      connect();
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        const open = client;
        client = null;
        handlers.lost();
        await open?.end().catch(() => {});
      };
    },
  };
}

/**
 * The embedded database lives in this process and hands a notice to its listeners before the
 * committing statement returns, so nothing can be missed and no later request is early.
 */
export function pgliteNotices(pglite: PGlite): ChangeNotices {
  return {
    synchronous: true,
    listen(channel, handlers) {
      const unlisten = pglite.listen(channel, handlers.notice).then((stop) => {
        handlers.ready();
        return stop;
      });
      return async () => {
        handlers.lost();
        // The database may be closed first (the server's shutdown closes it after the app).
        await unlisten.then((stop) => stop()).catch(() => {});
      };
    },
  };
}
