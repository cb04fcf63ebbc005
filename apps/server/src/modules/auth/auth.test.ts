import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createCompany,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('signs in with the right password and reports the session', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companies: [company.id] });
    const client = t.client();
    expect((await client.get('/login/ajax')).json()).toEqual({
      status: 'Not logged in',
    });

    const login = await client.post('/login/ajax', {
      username: user.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ status: 'OK' });
    const session = login.cookies.find((cookie) => cookie.name === 'sessionid');
    expect(session).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect((await client.get('/login/ajax')).json()).toEqual({
      status: 'Logged in',
    });
    expect((await client.get('/api/user')).json()).toMatchObject({
      email: user.email,
      current_company: { shortname: company.shortname },
    });
  });

  it('refuses a wrong password, and an unknown account with the same reply', async () => {
    const user = await createUser(t.db);
    const wrong = await t
      .client()
      .post('/login/ajax', { username: user.email, password: 'nope-nope' });
    const unknown = await t.client().post('/login/ajax', {
      username: 'nobody@example.test',
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(
      wrong.cookies.find((cookie) => cookie.name === 'sessionid'),
    ).toBeUndefined();
  });

  it('needs both fields', async () => {
    const response = await t
      .client()
      .post('/login/ajax', { username: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('username');
  });

  it('refuses a data-changing request without the CSRF header', async () => {
    const user = await createUser(t.db);
    const client = t.client();
    const response = await client.post(
      '/login/ajax',
      { username: user.email, password: TEST_PASSWORD },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/CSRF/);
  });

  it('issues a new session id at each sign-in and logout ends it on the server', async () => {
    const user = await createUser(t.db);
    const client = t.client();
    await client.signIn(user.email, TEST_PASSWORD);
    const first = client.cookie('sessionid');
    await client.signIn(user.email, TEST_PASSWORD);
    const second = client.cookie('sessionid');
    expect(second).not.toBe(first);

    await client.get('/logout/ajax');
    expect((await client.get('/api/user')).statusCode).toBe(401);
    // The old cookie replayed after logout is dead too.
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { sessionid: second ?? '' },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('expires a session after the idle time', async () => {
    const user = await createUser(t.db);
    const client = t.client();
    await client.signIn(user.email, TEST_PASSWORD);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    // The server kept the session it read; the change's notice makes it forget it (at once on
    // the embedded database, within milliseconds on PostgreSQL: decision 105).
    await vi.waitFor(
      async () => {
        const response = await client.get('/api/user');
        expect(response.statusCode).toBe(401);
        expect(response.json().message).toBe('Not logged in');
      },
      { timeout: 2000, interval: 5 },
    );
  });

  it('tells the provider by domain without revealing whether an account exists', async () => {
    const user = await createUser(t.db);
    const known = await t
      .client()
      .post('/check-provider/ajax', { username: user.email });
    const unknown = await t
      .client()
      .post('/check-provider/ajax', { username: 'ghost@example.test' });
    expect(known.json()).toEqual({ provider: 'password', sso_url: null });
    expect(unknown.json()).toEqual(known.json());
  });

  it('rate-limits repeated sign-in attempts', async () => {
    const client = t.client();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push(
        (
          await client.post('/login/ajax', {
            username: 'x@example.test',
            password: 'y',
          })
        ).statusCode,
      );
    }
    expect(statuses).toContain(429);
  });
});

describe('rate limit keys', () => {
  it('counts attempts per e-mail address, so one account does not lock out another', async () => {
    const user = await createUser(t.db);
    const client = t.client();
    for (let attempt = 0; attempt < 11; attempt++) {
      await client.post('/login/ajax', {
        username: 'attacked@example.test',
        password: 'guess',
      });
    }
    const blocked = await client.post('/login/ajax', {
      username: 'attacked@example.test',
      password: 'guess',
    });
    expect(blocked.statusCode).toBe(429);
    const other = await client.post('/login/ajax', {
      username: user.email,
      password: TEST_PASSWORD,
    });
    expect(other.statusCode).toBe(200);
  });
});
