import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Database } from '../../src/db/schema';
import { signedInClient } from '../reviewing-fixtures';
import type { TestApp } from '../test-app';
import { createRecordedApp } from './recorded-app';
import { routeKey, type RecordedRoute } from './route-recorder';
import { ACCESS_TABLE } from './access-table';
import { buildWorld, JOB_MARKER, PRIVATE_MARKER, type World } from './world';

vi.mock('fastify', async (importOriginal) =>
  (await import('./route-recorder')).withRouteRecorder(await importOriginal()),
);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Body = {
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
};

/** Runs per route: enough to hit each kind of bad input, bounded so the file stays fast. */
const RUNS_PER_ROUTE = 12;
/** Routes that end or switch the caller's session: they would sign the fuzzing client out. */
const SKIPPED = new Set(['GET /logout/ajax']);

let t: TestApp;
let uniqueRoutes: () => RecordedRoute[];
let w: World;

beforeAll(async () => {
  ({ t, uniqueRoutes } = await createRecordedApp());
  w = await buildWorld(t);
});
afterAll(async () => {
  await t?.close();
});

/** A real value for each parameter name, so that some requests get past the lookup. */
function realParam(name: string): string {
  const values: Record<string, string | number> = {
    job: w.jobA.id,
    id: w.a1.id,
    jobId: w.jobA.id,
    answer: w.a1.answers[0].id,
    question: w.questionsA[0].id,
    shortname: w.companyA.shortname,
    shortcode: w.jobA.shortcode,
    token: w.invitee.token,
    name: 'mail.eml',
    file: 'office.svg',
  };
  return String(values[name] ?? 1);
}

const huge = fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n));
const badId = fc.oneof(
  fc.integer({ min: -2_147_483_648, max: -1 }).map(String),
  fc.constantFrom(
    '0',
    '2147483648',
    '99999999999999999999',
    '1e3',
    '0x10',
    '1.5',
    'NaN',
    '-0',
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  huge.map((text) => text.slice(0, 5000)),
  fc.constantFrom(
    '..',
    '../..',
    '%00',
    'null',
    'undefined',
    "1' OR '1'='1",
    '<script>',
  ),
);
const paramValue = (name: string) =>
  fc.oneof(fc.constant(realParam(name)), badId);

const FIELD_NAMES = [
  'title',
  'application',
  'rating',
  'comment',
  'email',
  'first_name',
  'last_name',
  'user',
  'ids',
  'text',
  'deadline',
  'company',
  'consent',
  'content_type',
  'size',
  'password',
  'username',
  'name',
  'body_text',
  'from_name',
  'id',
  'question',
  'indicator',
  'level',
  'msg_to',
  'marketplace_brand',
  'description',
  'filename',
  'include',
  'answer',
  'type',
  'reason',
  'applicants',
  'assigned_applications',
  'locale',
  'time_limit',
  'media',
];
const QUERY_NAMES = [
  'page',
  'page_size',
  'q',
  'application',
  'job',
  'ordering',
  'status',
  'stage',
  'expires',
  'signature',
  'max',
  'filename',
  'company',
  'competency',
  'category',
  'from',
  'to',
];
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  huge,
  badId,
  fc.constant(null),
  fc.boolean(),
  fc.double(),
);

const body: fc.Arbitrary<Body> = fc.oneof(
  fc
    .dictionary(fc.constantFrom(...FIELD_NAMES), anyValue, { maxKeys: 8 })
    .map((payload) => ({
      payload,
    })),
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({
    payload: JSON.stringify(value),
    headers: { 'content-type': 'application/json' },
  })),
  fc
    .constantFrom(
      '{"a":',
      '',
      '{',
      '[',
      'nul',
      '"\\u0000"',
      '{"__proto__":{"x":1}}',
      '\u0000',
    )
    .map((payload) => ({
      payload,
      headers: { 'content-type': 'application/json' },
    })),
  fc
    .string()
    .map((payload) => ({ payload, headers: { 'content-type': 'text/plain' } })),
  fc.constantFrom(
    // A multipart body whose boundary never closes, one without a boundary, a garbled part.
    {
      payload:
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nx',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    },
    { payload: 'garbage', headers: { 'content-type': 'multipart/form-data' } },
    {
      payload: '--b\r\nContent-Disposition: form-data\r\n\r\n\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    },
  ),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({
    payload: Buffer.from(bytes),
    headers: { 'content-type': 'application/octet-stream' },
  })),
);
const query = fc.dictionary(
  fc.constantFrom(...QUERY_NAMES),
  fc.oneof(badId, fc.string({ maxLength: 20 })),
  { maxKeys: 4 },
);

/** A request to `route` with random parameters, query and (for changes) body. */
function requestFor(route: RecordedRoute) {
  const names = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map(
    (match) => match[1] ?? '',
  );
  return fc.record({
    params: fc.tuple(...names.map(paramValue)),
    wildcard: fc.oneof(fc.constant('a/b.bin'), badId),
    query,
    body: route.method === 'GET' ? fc.constant<Body>({}) : body,
  });
}

type RequestInput = {
  params: string[];
  wildcard: string;
  query: Record<string, string>;
  body: Body;
};

function urlFor(route: RecordedRoute, input: RequestInput) {
  let index = 0;
  const path = route.url
    .replace(/:[A-Za-z_]+/g, () =>
      encodeURIComponent(input.params[index++] ?? ''),
    )
    .replace(/\*$/, encodeURI(input.wildcard));
  const search = new URLSearchParams(input.query).toString();
  return search ? `${path}?${search}` : path;
}

function checkReply(
  key: string,
  statusCode: number,
  contentType: unknown,
  text: string,
) {
  expect(statusCode, `${key}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (statusCode < 400) return;
  expect(String(contentType), `${key}: an error that is not JSON`).toMatch(
    /application\/json/,
  );
  const reply = JSON.parse(text) as { message?: unknown };
  expect(
    typeof reply.message === 'string' && reply.message.length > 0,
    key,
  ).toBe(true);
}

describe('bad input never breaks the server', () => {
  const routes = () =>
    uniqueRoutes().filter(
      (route) =>
        !route.url.startsWith('/api/docs') && !SKIPPED.has(routeKey(route)),
    );

  test('random parameters, queries and bodies on every route: no 5xx, a JSON message', async () => {
    expect(routes().length).toBeGreaterThan(100);
    for (const route of routes()) {
      const client = await signedInClient(t, w.owner.id);
      const key = routeKey(route);
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (input) => {
          const response = await client.request(
            route.method as Method,
            urlFor(route, input),
            {
              ...(input.body.payload === undefined
                ? {}
                : { payload: input.body.payload }),
              headers: input.body.headers ?? {},
            },
          );
          checkReply(
            key,
            response.statusCode,
            response.headers['content-type'],
            response.body,
          );
        }),
        { numRuns: RUNS_PER_ROUTE, seed: 7 },
      );
    }
  }, 120_000);

  test('an id in a path that is not a positive integer is a 400 on every route alike', async () => {
    const ids = new Set(['job', 'id', 'answer', 'jobId', 'question']);
    const client = await signedInClient(t, w.owner.id);
    const refused: string[] = [];
    for (const route of routes()) {
      const names = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map(
        (match) => match[1] ?? '',
      );
      const bad = names.findIndex((name) => ids.has(name));
      if (bad < 0) continue;
      for (const value of ['-1', '0', '2147483648', 'abc']) {
        const input: RequestInput = {
          params: names.map((name, index) =>
            index === bad ? value : realParam(name),
          ),
          wildcard: 'a/b.bin',
          query: {},
          body: {},
        };
        const response = await client.request(
          route.method as Method,
          urlFor(route, input),
        );
        if (response.statusCode !== 400)
          refused.push(`${routeKey(route)} ${value}: ${response.statusCode}`);
      }
    }
    expect(refused).toEqual([]);
  });

  test('a body over the 1 MB limit is refused with 413 and a message', async () => {
    const client = await signedInClient(t, w.owner.id);
    const response = await client.post(`/api/jobs/${w.jobA.id}/comments`, {
      application: w.a1.id,
      comment: 'x'.repeat(1_100_000),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The upload is too large.');
  });
});

/** Write routes and the table each one fills: a refused request must leave it as it was. */
const WRITES: { path: (w: World) => string; table: keyof Database }[] = [
  {
    path: (world) => `/api/jobs/${world.jobA.id}/applications`,
    table: 'applications',
  },
  { path: (world) => `/api/jobs/${world.jobA.id}/comments`, table: 'comments' },
  {
    path: (world) => `/api/jobs/${world.jobA.id}/reviewcomments`,
    table: 'review_comments',
  },
  {
    path: (world) => `/api/jobs/${world.jobA.id}/questions`,
    table: 'questions',
  },
  {
    path: (world) => `/api/jobs/${world.jobA.id}/reviewers`,
    table: 'reviewers',
  },
  { path: (world) => `/api/jobs/${world.jobA.id}/reviews`, table: 'reviews' },
  { path: () => '/api/jobs', table: 'jobs' },
  {
    path: (world) => `/api/public/jobs/${world.jobA.shortcode}/apply`,
    table: 'applications',
  },
];

describe('a refused request stores nothing', () => {
  test.each(WRITES.map((write) => [write.table, write] as const))(
    'writes to %s',
    async (_table, write) => {
      const client = await signedInClient(t, w.owner.id);
      const count = async () =>
        Number(
          (
            await t.db
              .selectFrom(write.table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      await fc.assert(
        fc.asyncProperty(body, async (input) => {
          const before = await count();
          const response = await client.request('POST', write.path(w), {
            ...(input.payload === undefined ? {} : { payload: input.payload }),
            headers: input.headers ?? {},
          });
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400) expect(await count()).toBe(before);
        }),
        { numRuns: 25, seed: 11 },
      );
    },
  );
});

describe('random input does not open another company', () => {
  // Rows where another company's user and a reviewer of another job are always refused: with
  // company A's real ids in the path and random queries and bodies, they stay refused.
  const closed = ACCESS_TABLE.filter(
    (row) =>
      row.wrongPath === undefined &&
      !row.otherCompany.includes('2xx') &&
      !row.reviewerNoGrant.includes('2xx'),
  );

  test("outsiders never get a 2xx or company A's data, whatever they send", async () => {
    expect(closed.length).toBeGreaterThan(60);
    const outsiders = [
      await signedInClient(t, w.ownerB.id),
      await signedInClient(t, w.noGrant.user.id),
    ];
    for (const row of closed) {
      const method = row.route.split(' ')[0] as Method;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...outsiders),
          query,
          method === 'GET' ? fc.constant<Body>({}) : body,
          async (client, search, input) => {
            const params = new URLSearchParams(search).toString();
            const path = row.path(w);
            const url = params
              ? `${path}${path.includes('?') ? '&' : '?'}${params}`
              : path;
            const response = await client.request(method, url, {
              ...(input.payload === undefined
                ? {}
                : { payload: input.payload }),
              headers: input.headers ?? {},
            });
            const text = response.body.toLowerCase();
            expect(
              response.statusCode,
              `${row.route}: ${response.body.slice(0, 200)}`,
            ).toBeGreaterThanOrEqual(400);
            expect(response.statusCode, row.route).toBeLessThan(500);
            expect(
              text.includes(PRIVATE_MARKER) || text.includes(JOB_MARKER),
              row.route,
            ).toBe(false);
          },
        ),
        { numRuns: 8, seed: 5 },
      );
    }
  }, 120_000);
});
