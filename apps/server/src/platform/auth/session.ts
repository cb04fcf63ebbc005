import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeNotices } from '../../db/change-notices';
import type { Db } from '../../db/connection';
import { isBearerRequest } from './api-key';
import { setCsrfCookie } from './csrf';
import { HEARTBEAT_MS, NoticeBarrier } from './notice-barrier';
import { SessionCache } from './session-cache';
import {
  beatAndNotify,
  listLiveListeners,
  notify,
  removeListener,
} from './session-listeners.repository';
import {
  createSession,
  deleteSession,
  deleteSessionsOfUser,
  findLiveSession,
  recordSignIn,
  touchSession,
} from './session.repository';

export const SESSION_COOKIE = 'sessionid';

export type SessionUser = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  locale: string;
  current_company_id: number | null;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    /** The request took access away from someone: its reply waits until every server heard. */
    revokesAccess: boolean;
  }
}

type SessionOptions = {
  db: Db;
  idleMinutes: number;
  secureCookies: boolean;
  /** Without them, every request reads its session from the database. */
  notices: ChangeNotices | null;
};

/** The channel of the triggers of migration 20261124040000_session_notices. */
export const SESSION_NOTICES = 'candor_sessions';

type SessionRow = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

// The cookie holds a random token; the table holds only its hash, so a leaked table
// row cannot be replayed as a cookie.
const hashToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');
// Writing last_seen_at on every request would turn each read into a write.
const TOUCH_INTERVAL_MS = 60_000;

export const sessionPlugin = fp<SessionOptions>(async (app, options) => {
  const idleMs = options.idleMinutes * 60_000;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('revokesAccess', false);

  const { db, notices } = options;
  const listenerId = randomUUID();
  // Where another process may hear a change late (PostgreSQL), decision 187.
  const barrier =
    notices && !notices.synchronous
      ? new NoticeBarrier({
          id: listenerId,
          beat: (payload) =>
            beatAndNotify(db, {
              id: listenerId,
              channel: SESSION_NOTICES,
              payload,
            }),
          send: (payload) => notify(db, { channel: SESSION_NOTICES, payload }),
          liveListeners: (withinMs) => listLiveListeners(db, withinMs),
          now: () => Date.now(),
        })
      : null;
  const cache = new SessionCache<SessionRow>(
    barrier ? () => barrier.trustedUntil : undefined,
  );
  if (notices) {
    let heartbeat: NodeJS.Timeout | null = null;
    const beat = () => void barrier?.beat().catch(() => {});
    const stop = notices.listen(SESSION_NOTICES, {
      notice(payload) {
        if (barrier?.heard(payload)) return;
        // 's:' and a session's hashed id, or 'u:' and a user's id (the migration's triggers);
        // anything else, from a newer server say, forgets everything to be safe.
        if (payload.startsWith('s:')) cache.forgetSession(payload.slice(2));
        else if (payload.startsWith('u:'))
          cache.forgetUser(Number(payload.slice(2)));
        else cache.forgetAll();
      },
      lost: () => {
        cache.deaf();
        barrier?.distrust();
      },
      ready: () => {
        cache.listening();
        if (!barrier || heartbeat) return;
        beat();
        heartbeat = setInterval(beat, HEARTBEAT_MS);
        heartbeat.unref();
      },
    });
    app.addHook('onClose', async () => {
      if (heartbeat) clearInterval(heartbeat);
      await stop();
      if (barrier) await removeListener(db, listenerId).catch(() => {});
    });
  }

  const liveSession = async (id: string): Promise<SessionRow | undefined> => {
    const now = Date.now();
    const cached = cache.read(id, now);
    if (cached) return cached;
    const readSince = cache.generation;
    const row = await findLiveSession(options.db, id);
    if (row)
      cache.keep(
        id,
        {
          row,
          userId: row.id,
          expiresAt: new Date(row.expires_at).getTime(),
        },
        readSince,
        Date.now(),
      );
    return row;
  };

  app.addHook('onRequest', async (request) => {
    // A request with an API key acts as the key alone (decision 149).
    if (isBearerRequest(request)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const id = hashToken(token);
    const row = await liveSession(id);
    if (!row) return;
    request.sessionId = id;
    request.user = {
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      locale: row.locale,
      current_company_id: row.current_company_id,
    };
    if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(options.db, id, new Date(Date.now() + idleMs));
      cache.forgetSession(id);
    }
  });

  // What a user changes through this process (their company, their name, their password) is
  // seen by their next request with this session at once: it is forgotten before the reply can
  // reach them. Their other sessions, here or elsewhere, hear it from the triggers. Only the
  // one session: forgetting all of a user's would walk every kept session on every write.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      request.sessionId
    )
      cache.forgetSession(request.sessionId);
    // The change committed before its reply: once the reply is sent, no server lets the person
    // in on what they lost (decision 187).
    if (request.revokesAccess) await barrier?.everywhere();
    return payload;
  });

  app.decorate('sessions', {
    /**
     * Starts a new session: a new id and a new CSRF token at each sign-in, so neither a
     * planted id nor a token known before the sign-in is of any use after it.
     */
    async start(reply: FastifyReply, userId: number, db = options.db) {
      const token = randomBytes(32).toString('base64url');
      await createSession(db, {
        id: hashToken(token),
        userId,
        expiresAt: new Date(Date.now() + idleMs),
      });
      await recordSignIn(db, userId);
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
      });
      setCsrfCookie(reply, options.secureCookies);
    },
    async end(request: FastifyRequest, reply: FastifyReply) {
      if (request.sessionId) {
        await deleteSession(options.db, request.sessionId);
        cache.forgetSession(request.sessionId);
        request.revokesAccess = true;
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
    // Pass the transaction that changes the password, so the sessions end only if it commits.
    async endAllOf(request: FastifyRequest, userId: number, db: Db) {
      await deleteSessionsOfUser(db, userId);
      cache.forgetUser(userId);
      request.revokesAccess = true;
    },
    async endOthersOf(request: FastifyRequest, userId: number, db: Db) {
      await deleteSessionsOfUser(db, userId, request.sessionId);
      cache.forgetUser(userId);
      request.revokesAccess = true;
    },
    forgetUser(request: FastifyRequest, userId: number) {
      cache.forgetUser(userId);
      request.revokesAccess = true;
    },
  });
});

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface FastifyInstance {
    sessions: {
      /** Pass the transaction that records the sign-in, so both commit together. */
      start(reply: FastifyReply, userId: number, db?: Db): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /**
       * Signs the user out everywhere (a password reset), in the transaction that changes the
       * password; the request's reply waits until every server heard it.
       */
      endAllOf(request: FastifyRequest, userId: number, db: Db): Promise<void>;
      /** Signs the user out everywhere but this request's session (a password change). */
      endOthersOf(
        request: FastifyRequest,
        userId: number,
        db: Db,
      ): Promise<void>;
      /**
       * Drops what this process keeps of the user's sessions, after a committed change to what
       * a session tells (their company); other servers hear the database's notice, and the
       * request's reply waits until they all have.
       */
      forgetUser(request: FastifyRequest, userId: number): void;
    };
  }
}
