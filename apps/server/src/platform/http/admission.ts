import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type AdmissionLimits = {
  /** Requests started in one turn of the event loop; the next wait for a later turn. */
  perTurn: number;
  /** Requests that may wait for a turn; past them a request is refused at once. */
  waiting: number;
  /** The longest a request waits for a turn before it is refused. */
  maxWaitMs: number;
};

/** Requests started per turn of the event loop with the embedded database. */
export const PGLITE_REQUESTS_PER_TURN = 8;
/** Requests that may wait for a turn, unless PGLITE_QUEUE_LIMIT says otherwise. */
export const PGLITE_QUEUE_LIMIT_DEFAULT = 64;
/** The longest a request waits for a turn. */
export const PGLITE_MAX_WAIT_MS = 2_000;

/** Bodies larger than this are uploads: they wait on the network, not on this server. */
const UPLOAD_BYTES = 1024 * 1024;

type Waiter = { admit: () => void; timer: NodeJS.Timeout };

/**
 * Requests take turns (docs/decisions/124-pglite-wait-bound.md). With the embedded database a
 * request's queries are computed on the server's one thread, usually to the end in the same
 * turn of the event loop that read it, and a turn reads every connection that has sent
 * something but accepts only one new connection. Under 200 clients a turn took most of a
 * second, and new clients waited, unseen, for half a minute. Here a turn starts at most
 * `perTurn` requests; the next wait for later turns in arrival order, and a request that finds
 * `waiting` others waiting, or waits `maxWaitMs`, is answered 503 with Retry-After before any of
 * it has run: the client can simply ask again, and nothing it sent was half done.
 */
export function registerAdmission(
  app: FastifyInstance,
  limits: AdmissionLimits,
): void {
  const queue: Waiter[] = [];
  let startedThisTurn = 0;
  let turnEnding = false;

  // The count starts again on the next turn, after that turn has read and accepted.
  const endTurn = () => {
    if (turnEnding) return;
    turnEnding = true;
    setImmediate(() => {
      turnEnding = false;
      startedThisTurn = 0;
      while (startedThisTurn < limits.perTurn && queue.length > 0) {
        const next = queue.shift();
        if (!next) break;
        clearTimeout(next.timer);
        startedThisTurn++;
        next.admit();
      }
      if (startedThisTurn > 0) endTurn();
    });
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (isUpload(request)) return done();
    if (queue.length === 0 && startedThisTurn < limits.perTurn) {
      startedThisTurn++;
      endTurn();
      return done();
    }
    if (queue.length >= limits.waiting) return refuse(reply);
    // A client that hangs up while waiting leaves the queue.
    const socket = request.raw.socket;
    const leave = () => {
      const index = queue.indexOf(waiter);
      if (index !== -1) queue.splice(index, 1);
      clearTimeout(waiter.timer);
    };
    const waiter: Waiter = {
      admit: () => {
        socket.off('close', leave);
        done();
      },
      timer: setTimeout(() => {
        socket.off('close', leave);
        leave();
        refuse(reply);
      }, limits.maxWaitMs),
    };
    socket.once('close', leave);
    queue.push(waiter);
    endTurn();
  });
}

function isUpload(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return (
    length > UPLOAD_BYTES || request.headers['transfer-encoding'] !== undefined
  );
}

function refuse(reply: FastifyReply): void {
  void reply.status(503).header('Retry-After', '1').send({
    message: 'The service is busy. Please try again in a moment.',
    code: 'busy',
  });
}
