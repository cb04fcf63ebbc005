import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createUser, createCompany } from '../factories';
import { signedInClient } from '../reviewing-fixtures';
import type { TestApp } from '../test-app';
import { createRecordedApp } from './recorded-app';
import type { TestClient } from '../test-client';
import { routeKey, type RecordedRoute } from './route-recorder';

vi.mock('fastify', async (importOriginal) =>
  (await import('./route-recorder')).withRouteRecorder(await importOriginal()),
);

/**
 * The only routes that skip the CSRF check, and why each is safe: none of them reads the
 * session cookie; each is authorised by a secret in its URL that a forging site cannot know.
 */
const CSRF_EXEMPT: Record<string, string> = {
  'POST /api/interviewee/:token/consent': 'interviewee token in the path',
  'POST /api/interviewee/:token/decline': 'interviewee token in the path',
  'PUT /api/interviewee/:token/survey': 'interviewee token in the path',
  'PUT /api/interviewee/:token/satisfaction': 'interviewee token in the path',
  'PUT /api/interviewee/:token/questions/:question/response':
    'interviewee token in the path',
  'POST /api/interviewee/:token/questions/:question/answer':
    'interviewee token in the path',
  'POST /api/interviewee/:token/questions/:question/answer/complete':
    'interviewee token in the path',
  'POST /api/integrations/greenhouse/send_test':
    "HTTP Basic with the company's Greenhouse key; no session cookie is read (decision 190)",
  'POST /api/integrations/greenhouse/response_error':
    "HTTP Basic with the company's Greenhouse key; no session cookie is read (decision 190)",
  'POST /api/public/jobs/:shortcode/apply':
    'creates a new application only; an existing one is never revealed (its link is e-mailed)',
  'PUT /uploads/*': 'HMAC signature bound to the key, size limit and expiry',
  'POST /api/uploads/answers': "a take's secret id in the upload's metadata",
  'PATCH /api/uploads/answers/:take': "a take's secret id in the path",
  'DELETE /api/uploads/answers/:take': "a take's secret id in the path",
  'POST /t/:token':
    'signed stop key in the path; all it can do is stop texts (decision 188)',
};

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A path for a pattern: every parameter `1`, the wildcard a made-up key. */
const concrete = (url: string) =>
  url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'some/key.bin');

let t: TestApp;
let uniqueRoutes: () => RecordedRoute[];
let client: TestClient;

beforeAll(async () => {
  ({ t, uniqueRoutes } = await createRecordedApp());
  const company = await createCompany(t.db);
  const user = await createUser(t.db, { companies: [company.id] });
  client = await signedInClient(t, user.id);
  await client.get('/api/user'); // receives the csrftoken cookie
});
afterAll(async () => {
  await t?.close();
});

const changing = () =>
  uniqueRoutes().filter((route) => CHANGING.has(route.method));

describe('CSRF', () => {
  test('the routes without the check are exactly the listed ones', () => {
    const exempt = changing()
      .filter((route) => route.csrfExempt)
      .map(routeKey)
      .sort();
    expect(exempt).toEqual(Object.keys(CSRF_EXEMPT).sort());
    expect(changing().length).toBeGreaterThan(50);
  });

  test('every other data-changing route refuses a request without the header (403)', async () => {
    const failures: string[] = [];
    for (const route of changing().filter((r) => !r.csrfExempt)) {
      const method = route.method as 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const url = concrete(route.url);
      const missing = await client.request(method, url, {
        csrf: false,
        payload: {},
      });
      const wrong = await client.request(method, url, {
        csrf: false,
        payload: {},
        headers: { 'x-csrftoken': 'not-the-cookie' },
      });
      for (const [what, response] of [
        ['no header', missing],
        ['wrong header', wrong],
      ] as const) {
        if (
          response.statusCode !== 403 ||
          !/CSRF/.test(response.json().message)
        )
          failures.push(
            `${routeKey(route)} (${what}): ${response.statusCode} ${response.body}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  test('a signed-in browser without the header is refused even with the cookie', async () => {
    // The cookie alone is what a forging site's form would carry.
    expect(client.cookie('csrftoken')).toBeTruthy();
    const response = await client.post(
      '/api/jobs',
      { title: 'Forged' },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(await t.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });

  test('each exempt route refuses a made-up token or signature', async () => {
    const anonymous = t.client();
    for (const key of Object.keys(CSRF_EXEMPT)) {
      const [method, pattern] = key.split(' ') as [
        'POST' | 'PUT' | 'PATCH' | 'DELETE',
        string,
      ];
      const url =
        key === 'PUT /uploads/*'
          ? '/uploads/some/key.bin?expires=9999999999&max=10&signature=forged'
          : concrete(pattern).replace('/1/', '/made-up-token/');
      const response = await anonymous.request(method, url, {
        csrf: false,
        payload: {
          consent: true,
          content_type: 'video/webm',
          size: 10,
          first_name: 'A',
          last_name: 'B',
          email: 'a@example.test',
        },
      });
      // 401: a route signed with HTTP Basic (Greenhouse's key) asks for the credentials.
      expect([400, 401, 403, 404], `${key}: ${response.body}`).toContain(
        response.statusCode,
      );
    }
  });
});
