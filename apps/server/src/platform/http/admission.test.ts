import { Agent, request } from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CSRF_COOKIE, CSRF_HEADER } from '../auth/csrf';
import { SESSION_COOKIE } from '../auth/session';
import {
  PGLITE_QUEUE_LIMIT_DEFAULT,
  PGLITE_REQUESTS_PER_TURN,
  registerAdmission,
} from './admission';

/** A server whose every request computes for `busyMs` on the thread, as PGlite's queries do. */
async function busyServer(
  limits: Parameters<typeof registerAdmission>[1],
  busyMs = 0,
) {
  const app = Fastify();
  registerAdmission(app, limits);
  app.addContentTypeParser(
    'application/octet-stream',
    { bodyLimit: 10 * 1024 * 1024 },
    (_request, body, done) => {
      body.resume();
      body.once('end', () => done(null));
    },
  );
  app.all('/', async () => {
    const until = performance.now() + busyMs;
    while (performance.now() < until);
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe('requests take turns', () => {
  it('answers 503 with Retry-After at once past the queue, and lets uploads through', async () => {
    const app = await busyServer({ perTurn: 1, waiting: 1, maxWaitMs: 1000 });
    const [first, second, third, upload] = await Promise.all([
      app.inject('/'),
      app.inject('/'),
      app.inject('/'),
      app.inject({
        method: 'PUT',
        url: '/',
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.alloc(2 * 1024 * 1024),
      }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe('1');
    expect(third.json()).toMatchObject({ code: 'busy' });
    expect(upload.statusCode).toBe(200);
    await app.close();
  });

  it('refuses a request that waited too long for its turn', async () => {
    // Each request keeps the thread 250 ms and one starts per turn: by the third turn the last
    // ones have waited 500 ms, past the 400 ms allowed.
    const app = await busyServer(
      { perTurn: 1, waiting: 10, maxWaitMs: 400 },
      250,
    );
    const statuses = await Promise.all(
      Array.from({ length: 5 }, async () => (await app.inject('/')).statusCode),
    );
    // How long the refusals took is the soak's to measure (npm run soak), not a test's.
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses.slice(3)).toEqual([503, 503]);
    await app.close();
  });
});

// The bound is the embedded database's; with PostgreSQL requests do not take turns.
describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'the embedded database under 200 clients',
  () => {
    let t: TestApp;
    let base: string;
    beforeAll(async () => {
      t = await createTestApp();
      base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(() => t.close());

    /** Posts one comment per text at once; what each got back, and how long it took. */
    async function rush(
      send: (
        comment: string,
      ) => Promise<{ status: number; retryAfter?: string | undefined }>,
    ) {
      const comments = Array.from({ length: 200 }, (_, i) => `Rush ${i}`);
      const results = await Promise.all(
        comments.map(async (comment) => {
          const started = performance.now();
          const answer = await send(comment);
          return { comment, ...answer, ms: performance.now() - started };
        }),
      );
      const written = results.filter((result) => result.status === 201);
      const refused = results.filter((result) => result.status === 503);
      expect(written.length + refused.length).toBe(200);
      expect(refused.every((result) => result.retryAfter === '1')).toBe(true);
      // Every acknowledged comment is stored, and nothing of a refused request.
      const stored = await t.db
        .deleteFrom('comments')
        .where('comment', 'like', 'Rush %')
        .returning('comment')
        .execute();
      expect(stored.map((row) => row.comment).sort()).toEqual(
        written.map((result) => result.comment).sort(),
      );
      const slowest = (list: typeof results) =>
        Math.max(0, ...list.map((result) => result.ms));
      console.log(
        `${written.length} written, ${refused.length} refused; slowest answer ` +
          `${slowest(written).toFixed(0)} ms, slowest refusal ${slowest(refused).toFixed(0)} ms`,
      );
      return { written, refused };
    }

    it('refuses 200 writers arriving in the same instant past the queue, with Retry-After, and keeps every acknowledged write', async () => {
      const { job, owner, applications } = await createReviewableJob(t.db);
      const client = await signedInClient(t, owner.id);
      const url = `/api/jobs/${job.id}/comments`;
      const application = applications[0].id;
      await client.post(url, { application, comment: 'Before the rush' });
      const { written, refused } = await rush(async (comment) => {
        const response = await client.post(url, { application, comment });
        return {
          status: response.statusCode,
          retryAfter: response.headers['retry-after'] as string | undefined,
        };
      });
      // 8 start in the first turn and at most 64 wait; the rest are refused before any work.
      // Waiting ones may be refused too on a loaded machine: how many is the soak's to measure.
      expect(written.length).toBeGreaterThanOrEqual(PGLITE_REQUESTS_PER_TURN);
      expect(written.length).toBeLessThanOrEqual(
        PGLITE_REQUESTS_PER_TURN + PGLITE_QUEUE_LIMIT_DEFAULT,
      );
      expect(refused.length).toBeGreaterThan(0);
    });

    it('answers every one of 200 clients on connections of their own', async () => {
      const { job, owner, applications } = await createReviewableJob(t.db);
      const client = await signedInClient(t, owner.id);
      const path = `/api/jobs/${job.id}/comments`;
      const application = applications[0].id;
      // A session and a CSRF token for all of them.
      await client.post(path, { application, comment: 'Before the rush' });
      const headers = {
        cookie: [SESSION_COOKIE, CSRF_COOKIE]
          .map((name) => `${name}=${client.cookie(name)}`)
          .join('; '),
        [CSRF_HEADER]: client.cookie(CSRF_COOKIE) ?? '',
        'content-type': 'application/json',
      };
      const agent = new Agent({ keepAlive: false, maxSockets: 200 });
      // Every client gets an answer, a write or a refusal to retry: none is left waiting.
      await rush(
        (comment) =>
          new Promise((resolve, reject) => {
            const sent = request(
              `${base}${path}`,
              { method: 'POST', agent, headers },
              (answer) => {
                answer.resume();
                answer.once('end', () =>
                  resolve({
                    status: answer.statusCode ?? 0,
                    retryAfter: answer.headers['retry-after'],
                  }),
                );
              },
            );
            sent.once('error', reject);
            sent.end(JSON.stringify({ application, comment }));
          }),
      );
    });
  },
);
