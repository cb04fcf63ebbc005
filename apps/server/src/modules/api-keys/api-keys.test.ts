import { createHash } from 'node:crypto';
import {
  REVIEWER_APPLICANTS,
  KEY_NOT_OPEN,
  KEY_READ_ONLY,
  type ApiKeyList,
  type ApiKeyRequestList,
} from '@candor/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, KeyClient } from '../../../test/api-key-fixtures';
import { createCompany, createJob, createUser } from '../../../test/factories';
import {
  createJobReviewer,
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';
import { createTeammate, membershipId } from '../../../test/team-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { createKeyRequestLogPruner } from './request-log-pruner';

let t: TestApp;
let a: Awaited<ReturnType<typeof createReviewableJob>>;
let b: Awaited<ReturnType<typeof createReviewableJob>>;
let adminA: TestClient;
let adminB: TestClient;
let shortA: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createReviewableJob(t.db);
  b = await createReviewableJob(t.db);
  adminA = await signedInClient(t, a.owner.id);
  adminB = await signedInClient(t, b.owner.id);
  shortA = a.company.shortname;
});
afterAll(async () => {
  await t?.close();
});

const keysUrl = (shortname: string) => `/api/companies/${shortname}/api-keys`;

describe('API keys', () => {
  test('an admin sees the secret once; the list and the database never hold it', async () => {
    const created = await createKey(t, {
      admin: adminA,
      shortname: shortA,
      scope: 'read',
      name: 'Greenhouse',
    });
    expect(created.secret).toMatch(/^cnd_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    expect(created.prefix).toHaveLength(12);
    expect(created).toMatchObject({
      name: 'Greenhouse',
      scope: 'read',
      last_used_at: null,
      revoked_at: null,
      created_by: { full_name: `${a.owner.first_name} ${a.owner.last_name}` },
    });

    const list = await adminA.get(keysUrl(shortA));
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain(created.secret.slice(12));
    const listed = list
      .json<ApiKeyList>()
      .results.find((key) => key.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Greenhouse',
      prefix: created.prefix,
      scope: 'read',
      created_by: created.created_by,
      created_at: created.created_at,
      last_used_at: null,
      revoked_at: null,
    });

    const row = await t.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(
      createHash('sha256').update(created.secret).digest('hex'),
    );
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(12));
  });

  test('refuses a key without a name, with a long one or an unknown scope, and makes none', async () => {
    const before = await t.db.selectFrom('api_keys').select('id').execute();
    for (const [body, field, message] of [
      [{ name: '  ', scope: 'read' }, 'name', 'Give the key a name'],
      [
        { name: 'x'.repeat(101), scope: 'read' },
        'name',
        'Use 100 characters or fewer',
      ],
      [{ name: 'Greenhouse', scope: 'admin' }, 'scope', undefined],
    ] as const) {
      const response = await adminA.post(keysUrl(shortA), body);
      expect(response.statusCode, response.body).toBe(400);
      const { fields } = response.json<{ fields: Record<string, string[]> }>();
      expect(fields[field]?.length).toBeGreaterThan(0);
      if (message) expect(fields[field]).toContain(message);
    }
    const after = await t.db.selectFrom('api_keys').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  test('only admins of the company make, list and revoke keys; a key cannot', async () => {
    const key = await createKey(t, {
      admin: adminA,
      shortname: shortA,
      scope: 'write',
    });
    const member = await createTeammate(t.db, a.company.id, 'member');
    const memberClient = await signedInClient(t, member.user.id);
    const reviewer = await createJobReviewer(t.db, a.job.id, {
      applicants: REVIEWER_APPLICANTS.all,
      all_reviews: true,
      rating: 1,
    });
    const reviewerClient = await signedInClient(t, reviewer.user.id);
    const callers: [string, TestClient, number][] = [
      ['member', memberClient, 403],
      ['reviewer', reviewerClient, 403],
      ['another company', adminB, 404],
      ['anonymous', t.client(), 401],
      ['a write key', key.client, 403],
    ];
    for (const [who, client, status] of callers) {
      const calls = [
        await client.get(keysUrl(shortA)),
        await client.get(`${keysUrl(shortA)}/requests`),
        await client.post(keysUrl(shortA), { name: 'Mine', scope: 'write' }),
        await client.delete(`${keysUrl(shortA)}/${key.id}`),
      ];
      expect(
        calls.map((call) => call.statusCode),
        who,
      ).toEqual([status, status, status, status]);
      expect(calls[0]?.body).not.toContain(key.prefix);
    }
    expect((await key.client.get(keysUrl(shortA))).json()).toMatchObject({
      message: KEY_NOT_OPEN,
    });
    // What the web app offers: the keys page to admins alone.
    const isAdmin = async (client: TestClient) =>
      (await client.get('/api/user')).json<{
        current_company: { is_admin: boolean };
      }>().current_company.is_admin;
    expect(await isAdmin(adminA)).toBe(true);
    expect(await isAdmin(memberClient)).toBe(false);
    // Still live: nobody above revoked it.
    expect((await key.client.get('/api/jobs')).statusCode).toBe(200);
  });

  test('a read key reads and is refused writes; a write key writes, as the key', async () => {
    const reader = await createKey(t, {
      admin: adminA,
      shortname: shortA,
      scope: 'read',
    });
    const writer = await createKey(t, {
      admin: adminA,
      shortname: shortA,
      scope: 'write',
      name: 'Lever sync',
    });
    const jobs = await reader.client.get('/api/jobs');
    expect(jobs.statusCode).toBe(200);
    expect(
      jobs.json<{ results: { id: number }[] }>().results.map((job) => job.id),
    ).toContain(a.job.id);
    expect(
      (await reader.client.get(`/api/jobs/${a.job.id}/applications`))
        .statusCode,
    ).toBe(200);

    const body = { title: 'Made by a key', company: shortA };
    const refused = await reader.client.post('/api/jobs', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: KEY_READ_ONLY });

    const made = await writer.client.post('/api/jobs', body);
    expect(made.statusCode).toBe(201);
    const job = await t.db
      .selectFrom('jobs')
      .innerJoin('users', 'users.id', 'jobs.created_by')
      .select([
        'jobs.company_id',
        'users.is_system',
        'users.first_name',
        'users.last_name',
      ])
      .where('jobs.id', '=', made.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({
      company_id: a.company.id,
      is_system: true,
      first_name: 'API key',
      last_name: 'Lever sync',
    });
    const feed = await adminA.get(
      `/api/jobs/${made.json<{ id: number }>().id}/activities`,
    );
    expect(feed.body).toContain('API key Lever sync');
  });

  test('routes that do not declare keys refuse them with 403, whatever the scope', async () => {
    const writer = await createKey(t, {
      admin: adminA,
      shortname: shortA,
      scope: 'write',
    });
    for (const url of [
      '/api/account',
      '/api/settings',
      `/api/companies/${shortA}/members`,
      `/api/jobs/${a.job.id}/reviewers`,
    ]) {
      const response = await writer.client.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toMatchObject({ message: KEY_NOT_OPEN });
    }
    const deleted = await writer.client.delete(`/api/jobs/${a.job.id}`);
    expect(deleted.statusCode).toBe(403);
    expect(
      await t.db
        .selectFrom('jobs')
        .select('id')
        .where('id', '=', a.job.id)
        .executeTakeFirst(),
    ).toBeDefined();
  });

  test("another company's objects answer 404 with a key, exactly like missing ones", async () => {
    const keyB = await createKey(t, {
      admin: adminB,
      shortname: b.company.shortname,
      scope: 'write',
    });
    const theirs = await keyB.client.get(`/api/jobs/${a.job.id}`);
    const missing = await keyB.client.get('/api/jobs/2147483000');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    const application = a.applications[0];
    if (!application) throw new Error('Job A has applicants.');
    for (const url of [
      `/api/jobs/${a.job.id}/applications`,
      `/api/jobs/${a.job.id}/applications/${application.id}`,
      `/api/jobs/${a.job.id}/answers`,
      `/api/jobs/${a.job.id}/reviews?application=${application.id}`,
    ])
      expect((await keyB.client.get(url)).statusCode, url).toBe(404);
    const invite = await keyB.client.post(
      `/api/jobs/${a.job.id}/applications/${application.id}/invite`,
      {},
    );
    expect(invite.statusCode).toBe(404);
    const list = await keyB.client.get('/api/jobs');
    expect(
      list.json<{ results: { id: number }[] }>().results.map((job) => job.id),
    ).not.toContain(a.job.id);
  });

  test('a revoked key is refused at its next request', async () => {
    const key = await createKey(t, {
      admin: adminA,
      shortname: shortA,
      scope: 'read',
    });
    expect((await key.client.get('/api/jobs')).statusCode).toBe(200);
    const revoked = await adminA.delete(`${keysUrl(shortA)}/${key.id}`);
    expect(revoked.statusCode).toBe(204);
    const after = await key.client.get('/api/jobs');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      message: 'This API key is not valid, or it was revoked.',
    });
    const listed = (await adminA.get(keysUrl(shortA)))
      .json<ApiKeyList>()
      .results.find((row) => row.id === key.id);
    expect(listed?.revoked_at).not.toBeNull();
    // Another company's admin cannot revoke A's keys: it looks missing.
    const other = await createKey(t, {
      admin: adminA,
      shortname: shortA,
      scope: 'read',
    });
    expect(
      (await adminB.delete(`${keysUrl(b.company.shortname)}/${other.id}`))
        .statusCode,
    ).toBe(404);
    expect((await other.client.get('/api/jobs')).statusCode).toBe(200);
  });

  test('a request with both a session cookie and a key acts as the key alone, without CSRF', async () => {
    const reader = await createKey(t, {
      admin: adminA,
      shortname: shortA,
      scope: 'read',
    });
    const session = adminA.cookie('sessionid');
    if (!session) throw new Error('The admin has a session.');
    const withBoth = new KeyClient(t.app, reader.secret);
    withBoth.setCookie('sessionid', session);
    // The admin could; the read key cannot, and the cookie does not help.
    const write = await withBoth.post('/api/jobs', {
      title: 'Cookie and key',
      company: shortA,
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ message: KEY_READ_ONLY });
    // Key management is closed to keys even with the admin's cookie.
    expect((await withBoth.get(keysUrl(shortA))).statusCode).toBe(403);

    // A wrong key with a good cookie is refused, never served as the session.
    const forged = new KeyClient(t.app, 'cnd_not-a-key');
    forged.setCookie('sessionid', session);
    expect((await forged.get('/api/jobs')).statusCode).toBe(401);
    expect((await forged.get('/api/account')).statusCode).toBe(401);

    // Nor does a key request get a CSRF cookie or need one.
    const writer = await createKey(t, {
      admin: adminA,
      shortname: shortA,
      scope: 'write',
    });
    const made = await writer.client.post('/api/jobs', {
      title: 'No CSRF',
      company: shortA,
    });
    expect(made.statusCode).toBe(201);
    expect(made.cookies).toEqual([]);
  });

  test('every request is logged for the admins with its route and status; the last use is shown', async () => {
    const company = await createCompany(t.db);
    const admin = await createUser(t.db, { companies: [company.id] });
    const adminClient = await signedInClient(t, admin.id);
    const job = await createJob(t.db, {
      company_id: company.id,
      created_by: admin.id,
    });
    const key = await createKey(t, {
      admin: adminClient,
      shortname: company.shortname,
      scope: 'read',
      name: 'Audit',
    });
    expect((await key.client.get(`/api/jobs/${job.id}`)).statusCode).toBe(200);
    expect((await key.client.get('/api/jobs/2147483000')).statusCode).toBe(404);
    expect(
      (
        await key.client.post('/api/jobs', {
          title: 'x',
          company: company.shortname,
        })
      ).statusCode,
    ).toBe(403);
    expect((await key.client.get('/api/account')).statusCode).toBe(403);

    const log = await adminClient.get(`${keysUrl(company.shortname)}/requests`);
    expect(log.statusCode).toBe(200);
    const rows = log.json<ApiKeyRequestList>().results;
    expect(
      rows.map(({ method, route, status, key: k }) => ({
        method,
        route,
        status,
        key: k.name,
      })),
    ).toEqual([
      { method: 'GET', route: '/api/account', status: 403, key: 'Audit' },
      { method: 'POST', route: '/api/jobs', status: 403, key: 'Audit' },
      { method: 'GET', route: '/api/jobs/:id', status: 404, key: 'Audit' },
      { method: 'GET', route: '/api/jobs/:id', status: 200, key: 'Audit' },
    ]);
    for (const row of rows) {
      expect(Date.parse(row.at)).toBeGreaterThan(Date.now() - 60_000);
      expect(row.duration_ms).toBeGreaterThanOrEqual(0);
    }
    const listed = (await adminClient.get(keysUrl(company.shortname)))
      .json<ApiKeyList>()
      .results.find((row) => row.id === key.id);
    expect(Date.parse(listed?.last_used_at ?? '')).toBeGreaterThan(
      Date.now() - 60_000,
    );

    // Another company's admin sees only their own company's log.
    const theirs = await adminB.get(`${keysUrl(b.company.shortname)}/requests`);
    expect(theirs.body).not.toContain('Audit');
  });

  test('the worker prunes log rows older than 90 days and keeps the rest', async () => {
    const key = await createKey(t, {
      admin: adminA,
      shortname: shortA,
      scope: 'read',
    });
    await key.client.get('/api/jobs');
    await t.db
      .insertInto('api_key_requests')
      .values({
        api_key_id: key.id,
        company_id: a.company.id,
        at: new Date(Date.now() - 91 * 86_400_000),
        method: 'GET',
        route: '/api/old',
        status: 200,
        duration_ms: 1,
      })
      .execute();
    const pruned = await createKeyRequestLogPruner().runOnce(t.ctx);
    expect(pruned).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .selectFrom('api_key_requests')
      .select('route')
      .where('api_key_id', '=', key.id)
      .execute();
    expect(left.map((row) => row.route)).toEqual(['/api/jobs']);
  });

  test('a key outlives the admin who made it leaving the company', async () => {
    const leaving = await createTeammate(t.db, a.company.id, 'admin');
    const leavingClient = await signedInClient(t, leaving.user.id);
    const key = await createKey(t, {
      admin: leavingClient,
      shortname: shortA,
      scope: 'read',
    });
    const removed = await adminA.delete(
      `/api/companies/${shortA}/members/${await membershipId(t.db, a.company.id, leaving.user.id)}`,
    );
    expect(removed.statusCode).toBe(204);
    expect((await leavingClient.get(keysUrl(shortA))).statusCode).toBe(403);
    const jobs = await key.client.get(`/api/jobs/${a.job.id}`);
    expect(jobs.statusCode).toBe(200);
  });
});

test('the OpenAPI document says which routes take keys, and with which scope', async () => {
  const response = await t.client().get('/api/docs/json');
  expect(response.statusCode).toBe(200);
  type Operation = { description?: string; security?: unknown[] };
  const doc = response.json<{
    components: {
      securitySchemes: Record<string, { type: string; scheme?: string }>;
    };
    paths: Record<string, Record<string, Operation>>;
  }>();
  expect(doc.components.securitySchemes.apiKey).toMatchObject({
    type: 'http',
    scheme: 'bearer',
  });
  const read = doc.paths['/api/jobs/{id}']?.get;
  expect(read?.description).toContain(
    'API keys: accepted, scope `read` or `write`.',
  );
  expect(read?.security).toEqual([{ apiKey: [] }, { session: [] }]);
  expect(doc.paths['/api/jobs/{job}/invite_all']?.post?.description).toContain(
    'API keys: accepted, scope `write`.',
  );
  const closed = doc.paths['/api/companies/{shortname}/api-keys']?.post;
  expect(closed?.description).toContain('API keys: not accepted (403).');
  // Named per operation (issue 45): the session alone.
  expect(closed?.security).toEqual([{ session: [] }]);
});

describe('API key rate limit', () => {
  let limited: TestApp;
  afterAll(async () => {
    await limited?.close();
  });

  test('answers 429 with Retry-After past the limit of one key, and other keys go on', async () => {
    limited = await createTestApp({ API_KEY_REQUESTS_PER_MINUTE: '3' });
    const { company, owner } = await createReviewableJob(limited.db);
    const admin = await signedInClient(limited, owner.id);
    const first = await createKey(limited, {
      admin,
      shortname: company.shortname,
      scope: 'read',
    });
    const second = await createKey(limited, {
      admin,
      shortname: company.shortname,
      scope: 'read',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await first.client.get('/api/jobs')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await first.client.get('/api/jobs');
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.json<{ message: string }>().message).toMatch(
      /Too many requests/,
    );
    expect((await second.client.get('/api/jobs')).statusCode).toBe(200);
    // The session is not the key's limit.
    expect((await admin.get('/api/jobs')).statusCode).toBe(200);
    const logged = await limited.db
      .selectFrom('api_key_requests')
      .select('status')
      .where('api_key_id', '=', first.id)
      .orderBy('id')
      .execute();
    expect(logged.map((row) => row.status)).toEqual([200, 200, 200, 429, 429]);
  });
});
