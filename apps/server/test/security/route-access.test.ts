import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { multipartBody } from '../multipart';
import type { TestApp } from '../test-app';
import { createRecordedApp } from './recorded-app';
import type { TestClient } from '../test-client';
import { ACCESS_TABLE, type AccessRow, type Expect } from './access-table';
import {
  KEY_ACTS_AS,
  KEY_ROLES,
  keyClients,
  keyExpectations,
  type KeyRole,
} from './api-key-callers';
import { routeKey, type RecordedRoute } from './route-recorder';
import {
  buildWorld,
  JOB_MARKER,
  PRIVATE_MARKER,
  roleClients,
  ROLES,
  type Role,
  type World,
} from './world';

vi.mock('fastify', async (importOriginal) =>
  (await import('./route-recorder')).withRouteRecorder(await importOriginal()),
);

/** Callers who must never read company A's private data. */
const OUTSIDERS: readonly (Role | KeyRole)[] = [
  'anonymous',
  'otherCompany',
  'reviewerNoGrant',
  'interviewee',
  'keyOtherCompany',
];

let t: TestApp;
let uniqueRoutes: () => RecordedRoute[];
let w: World;
let clients: Record<Role, TestClient>;
let keys: Record<KeyRole, TestClient>;

beforeAll(async () => {
  ({ t, uniqueRoutes } = await createRecordedApp());
  w = await buildWorld(t);
  clients = await roleClients(t, w);
  keys = keyClients(t, w);
});

/** What each route declares for API keys (`config.apiKey`), from Fastify's own route list. */
const declaredKeyScope = (route: string) =>
  uniqueRoutes().find((recorded) => routeKey(recorded) === route)?.apiKey;
afterAll(async () => {
  await t?.close();
});

function matches(status: number, expected: Expect): boolean {
  return expected.some((outcome) =>
    outcome === '2xx' ? status >= 200 && status < 300 : outcome === status,
  );
}

async function call(row: AccessRow, role: Role, client: TestClient) {
  const [method] = row.route.split(' ') as [
    'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  ];
  const usesWrongPath = row.wrongPath !== undefined && role !== 'anonymous';
  const url = usesWrongPath && row.wrongPath ? row.wrongPath(w) : row.path(w);
  const body = row.body?.(w, role);
  const request = requestBody(body);
  const headers = row.headers?.(w, role === 'anonymous');
  return client.request(
    method,
    url,
    headers
      ? { ...request, headers: { ...request.headers, ...headers } }
      : request,
  );
}

/** JSON, raw bytes, or a multipart form made by `multipartBody`. */
function requestBody(body: unknown): {
  payload?: string | object | Buffer;
  headers?: Record<string, string>;
} {
  if (body === undefined) return {};
  if (Buffer.isBuffer(body))
    return {
      payload: body,
      headers: { 'content-type': 'application/octet-stream' },
    };
  if (isMultipart(body)) return { payload: body.body, headers: body.headers };
  return { payload: body as object };
}

function isMultipart(body: unknown): body is ReturnType<typeof multipartBody> {
  return (
    typeof body === 'object' &&
    body !== null &&
    'body' in body &&
    'headers' in body
  );
}

describe('route access', () => {
  test('every registered route has a row, and every row is a registered route', () => {
    const registered = uniqueRoutes()
      .map(routeKey)
      // Swagger UI's own pages: public documentation of the API, no data.
      .filter((key) => !key.startsWith('GET /api/docs'));
    const rows: string[] = ACCESS_TABLE.map((row) => row.route);
    expect(new Set(rows).size, 'a route has two rows').toBe(rows.length);
    expect(
      registered.filter((key) => !rows.includes(key)),
      'routes without a row',
    ).toEqual([]);
    expect(
      rows.filter((key) => !registered.includes(key)),
      'rows without a route',
    ).toEqual([]);
  });

  test.each(ACCESS_TABLE.map((row) => [row.route, row] as const))(
    '%s',
    async (_name, row) => {
      const callers = row.freshSessions ? await roleClients(t, w) : clients;
      const failures: string[] = [];
      const keyExpected = keyExpectations(row, declaredKeyScope(row.route));
      // The API keys after the owner: the six callers' outcomes stay as they were.
      const runs = [
        ...ROLES.map((role) => ({
          role,
          actsAs: role,
          client: callers[role],
          expected: row[role],
        })),
        ...KEY_ROLES.map((role) => ({
          role,
          actsAs: KEY_ACTS_AS[role],
          client: keys[role],
          expected: keyExpected[role],
        })),
      ];
      for (const { role, actsAs, client, expected } of runs) {
        if (!expected) continue; // interviewee: only on token routes (without a token, anonymous)
        const response = await call(row, actsAs, client);
        const { statusCode } = response;
        if (!matches(statusCode, expected)) {
          failures.push(
            `${role}: expected ${expected.join('|')}, got ${statusCode} ${response.body.slice(0, 200)}`,
          );
          continue;
        }
        if (statusCode >= 400) {
          const reply = response.json<{ message?: unknown }>();
          if (typeof reply.message !== 'string' || !reply.message)
            failures.push(`${role}: ${statusCode} without a message`);
        }
        const holder = role === 'anonymous' && row.wrongPath !== undefined;
        if (OUTSIDERS.includes(role) && !holder) {
          const text = response.body.toLowerCase();
          if (text.includes(PRIVATE_MARKER))
            failures.push(
              `${role}: the reply contains company A's private data`,
            );
          if (!row.publishesJob && text.includes(JOB_MARKER))
            failures.push(`${role}: the reply contains company A's job title`);
        }
      }
      expect(failures).toEqual([]);
    },
  );
});
