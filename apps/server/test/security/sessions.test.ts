import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCompany, createUser, TEST_PASSWORD } from '../factories';
import { createOpenInterview } from '../interview-fixtures';
import { createTestApp, type TestApp } from '../test-app';

// Fixation, logout, idle expiry, httpOnly/SameSite and the identical wrong-password replies are
// proven in modules/auth/auth.test.ts; these are the session promises it does not cover.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://candor.example' });
});
afterAll(async () => {
  await t?.close();
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe('sessions behind https', () => {
  test('the session and CSRF cookies are Secure when PUBLIC_URL is https', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companies: [company.id] });
    const client = t.client();
    const first = await client.get('/login/ajax');
    const csrf = first.cookies.find((cookie) => cookie.name === 'csrftoken');
    expect(csrf?.secure).toBe(true);
    const signIn = await client.post('/login/ajax', {
      username: user.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    const session = signIn.cookies.find((cookie) => cookie.httpOnly);
    expect(session?.secure).toBe(true);
    expect(session?.sameSite?.toLowerCase()).toMatch(/lax|strict/);
  });
});

describe('passwords', () => {
  test('are stored as argon2id hashes with at least the OWASP minimum cost', async () => {
    const user = await createUser(t.db);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$/.exec(
      row.password_hash ?? '',
    );
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(match?.[2])).toBeGreaterThanOrEqual(2);
    expect(row.password_hash).not.toContain(TEST_PASSWORD);
  });
});

describe('account enumeration', () => {
  test('sign-in takes about as long for an unknown account as for a wrong password', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companies: [company.id] });
    const time = async (username: string) => {
      const started = performance.now();
      const response = await t
        .client()
        .post('/login/ajax', { username, password: 'wrong-pass' });
      const elapsed = performance.now() - started;
      return {
        elapsed,
        status: response.statusCode,
        body: response.json<object>(),
      };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    const replies = new Set<string>();
    for (let round = 0; round < 5; round++) {
      const a = await time(user.email);
      const b = await time(`nobody${round}@example.test`);
      known.push(a.elapsed);
      unknown.push(b.elapsed);
      replies.add(JSON.stringify([a.status, a.body]));
      replies.add(JSON.stringify([b.status, b.body]));
    }
    // One reply for both, and no shortcut that skips the password hash for unknown accounts.
    expect(replies.size).toBe(1);
    // Skipping the hash would make unknown accounts about a hundred times faster; the bounds
    // are wide because the test machine is shared and busy.
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(4);
  });

  test('check-provider answers the same for an existing and an unknown address', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, {
      companies: [company.id],
      email: 'known@corp.test',
    });
    const client = t.client();
    const known = await client.post('/check-provider/ajax', {
      username: user.email,
    });
    const unknown = await client.post('/check-provider/ajax', {
      username: 'ghost@corp.test',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
  });
});

describe('public links are rate-limited', () => {
  test('the interviewee link and the shortcode resolver answer 429 with a message', async () => {
    const { application } = await createOpenInterview(t.db);
    for (const url of [
      `/api/interviewee/${application.token}`,
      `/i/${application.shortcode}`,
    ]) {
      const statuses: number[] = [];
      let last = { statusCode: 0, body: '' };
      for (let index = 0; index < 125; index++) {
        last = await t.app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/plain' },
        });
        statuses.push(last.statusCode);
      }
      expect(
        statuses.slice(0, 100).every((status) => status === 200),
        url,
      ).toBe(true);
      expect(last.statusCode, url).toBe(429);
      expect(JSON.parse(last.body).message).toBeTruthy();
    }
  });

  test('guessing tokens is limited too', async () => {
    let status = 0;
    for (let index = 0; index < 125; index++) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/feedback/1/guess-${index}`,
        remoteAddress: '203.0.113.9',
      });
      status = response.statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('the client address and X-Forwarded-For (TRUST_PROXY)', () => {
  const failedSignIn = (
    app: TestApp['app'],
    peer: string,
    forwardedFor: string,
    username: string,
  ) =>
    app.inject({
      method: 'POST',
      url: '/login/ajax',
      remoteAddress: peer,
      headers: {
        'x-forwarded-for': forwardedFor,
        cookie: 'csrftoken=forged',
        'x-csrftoken': 'forged',
      },
      payload: { username, password: 'guess-number-x' },
    });
  const addressKeys = async (db: TestApp['db']) =>
    (
      await db
        .selectFrom('sign_in_failures')
        .select(['key', 'failures'])
        .where('key', 'like', 'ip:%')
        .orderBy('key')
        .execute()
    ).map((row) => `${row.key}=${row.failures}`);

  test('by default, a private-network peer is the client however it sets the header', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt++) {
      const response = await failedSignIn(
        t.app,
        '10.1.2.3',
        `203.0.113.${attempt + 1}`,
        `someone${attempt}@example.test`,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect(await addressKeys(t.db)).toContain('ip:10.1.2.3=21');
    expect((await addressKeys(t.db)).join()).not.toContain('203.0.113');
  });

  test('the header is believed from a proxy named in TRUST_PROXY, and only from it', async () => {
    const proxied = await createTestApp({
      TRUST_PROXY: '10.9.9.9, 192.0.2.0/28',
    });
    try {
      await failedSignIn(
        proxied.app,
        '10.9.9.9',
        '203.0.113.70',
        'a@example.test',
      );
      await failedSignIn(
        proxied.app,
        '192.0.2.5',
        '203.0.113.71',
        'b@example.test',
      );
      // Another private peer is not a named proxy: its header is ignored.
      await failedSignIn(
        proxied.app,
        '10.9.9.8',
        '203.0.113.72',
        'c@example.test',
      );
      expect(await addressKeys(proxied.db)).toEqual([
        'ip:10.9.9.8=1',
        'ip:203.0.113.70=1',
        'ip:203.0.113.71=1',
      ]);
    } finally {
      await proxied.close();
    }
  });
});
