import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createCompany,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { issueAccountToken } from '../../platform/auth/account-tokens';
import { hashPassword } from '../../platform/auth/password';

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

  it('renews the CSRF cookie at each sign-in and records when it happened', async () => {
    const user = await createUser(t.db);
    const client = t.client();
    // A token planted before the sign-in (a shared computer, a sibling domain's cookie)…
    client.setCookie('csrftoken', 'planted-token-planted-token');
    const signIn = await client.post('/login/ajax', {
      username: user.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    // …is replaced by a new random one, which the next request echoes as the SPA does.
    const renewed = signIn.cookies.find(
      (cookie) => cookie.name === 'csrftoken',
    );
    expect(renewed?.value).toMatch(/^[\w-]{32}$/);
    expect(client.cookie('csrftoken')).toBe(renewed?.value);
    await client.signIn(user.email, TEST_PASSWORD);
    expect(client.cookie('csrftoken')).not.toBe(renewed?.value);
    const update = await client.post('/api/account', {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      locale: 'en-gb',
      notify_new_responses: true,
      notify_daily_summary: false,
    });
    expect(update.statusCode).toBe(200);

    const row = await t.db
      .selectFrom('users')
      .select('last_sign_in_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Date.now() - (row.last_sign_in_at?.getTime() ?? 0)).toBeLessThan(
      60_000,
    );
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
});

// Each test signs in from its own addresses (the failure counts are per address and account).
let addressCount = 0;
const newAddress = () => `198.51.100.${++addressCount}`;

function attempt(username: string, password: string, address: string) {
  return t
    .client()
    .post('/login/ajax', { username, password }, { remoteAddress: address });
}

function failures(key: string) {
  return t.db
    .selectFrom('sign_in_failures')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Moves a counter's clock back, as if `seconds` had passed. */
async function wait(key: string, seconds: number) {
  const shift = sql`make_interval(secs => ${seconds})`;
  await t.db
    .updateTable('sign_in_failures')
    .set({
      last_failed_at: sql`last_failed_at - ${shift}`,
      blocked_until: sql`blocked_until - ${shift}`,
    })
    .where('key', '=', key)
    .execute();
}

describe('sign-in throttling', () => {
  it('blocks an address after 20 failures, however many accounts it tries (the attack of issue 26)', async () => {
    const address = newAddress();
    const users = [];
    for (let index = 0; index < 40; index++) users.push(await createUser(t.db));
    const replies = [];
    for (const user of users)
      replies.push(await attempt(user.email, 'guess-guess-guess', address));

    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses.slice(20)).toEqual(Array(20).fill(429));
    expect(replies[20]?.json().message).toBe(
      'Too many failed sign-ins. Try again in 30 seconds.',
    );
    expect(replies[20]?.headers['retry-after']).toBe('30');
    // Blocked attempts were not even tried, so the count stopped at the one that blocked.
    expect((await failures(`ip:${address}`))?.failures).toBe(21);

    // The right password is refused too while the address is blocked; elsewhere it works.
    const firstEmail = users[0]?.email ?? '';
    const right = await attempt(firstEmail, TEST_PASSWORD, address);
    expect(right.statusCode).toBe(429);
    expect(
      right.cookies.find((cookie) => cookie.name === 'sessionid'),
    ).toBeUndefined();
    expect(
      (await attempt(firstEmail, TEST_PASSWORD, newAddress())).statusCode,
    ).toBe(200);
  });

  it('blocks an account after 5 failures, whatever addresses they come from', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const statuses = [];
    for (let index = 0; index < 6; index++)
      statuses.push(
        (await attempt(user.email.toUpperCase(), 'wrong-guess!', newAddress()))
          .statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);

    const blocked = await attempt(user.email, TEST_PASSWORD, newAddress());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'too_many',
      message: expect.stringMatching(
        /^Too many failed sign-ins\. Try again in \d+ seconds\.$/,
      ),
    });
    // Another account is not held up by it.
    expect(
      (await attempt(other.email, TEST_PASSWORD, newAddress())).statusCode,
    ).toBe(200);
  });

  it('answers a blocked attempt at once, without hashing its password', async () => {
    const user = await createUser(t.db);
    const address = newAddress();
    for (let index = 0; index < 6; index++)
      await attempt(user.email, 'wrong-guess!', address);
    const time = async (password: string, from: string) => {
      const started = performance.now();
      const reply = await attempt(user.email, password, from);
      return { status: reply.statusCode, ms: performance.now() - started };
    };
    const blocked = [];
    const checked = [];
    for (let round = 0; round < 5; round++) {
      blocked.push(await time('wrong-guess!', address));
      const fresh = await createUser(t.db);
      const started = performance.now();
      await attempt(fresh.email, 'wrong-guess!', newAddress());
      checked.push(performance.now() - started);
    }
    expect(blocked.every((reply) => reply.status === 429)).toBe(true);
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    // Hashing is tens of milliseconds; a blocked reply reads one row.
    expect(median(blocked.map((reply) => reply.ms))).toBeLessThan(
      median(checked) / 2,
    );
    expect((await failures(`account:${user.email}`))?.failures).toBe(6);
  });

  it('doubles the delay at each further failure up to 15 minutes, and forgets after 15 quiet minutes', async () => {
    const email = 'doubling@example.test';
    const key = `account:${email}`;
    for (let index = 0; index < 5; index++)
      await attempt(email, 'wrong-guess!', newAddress());
    const waits: [string | undefined, string][] = [];
    for (const elapsed of [0, 31, 61, 121, 241, 481]) {
      await wait(key, elapsed);
      const reply = await attempt(email, 'wrong-guess!', newAddress());
      waits.push([
        reply.headers['retry-after'] as string,
        reply.json().message,
      ]);
    }
    expect(waits).toEqual([
      ['30', 'Too many failed sign-ins. Try again in 30 seconds.'],
      ['60', 'Too many failed sign-ins. Try again in 1 minute.'],
      ['120', 'Too many failed sign-ins. Try again in 2 minutes.'],
      ['240', 'Too many failed sign-ins. Try again in 4 minutes.'],
      ['480', 'Too many failed sign-ins. Try again in 8 minutes.'],
      ['900', 'Too many failed sign-ins. Try again in 15 minutes.'],
    ]);
    await wait(key, 901);
    expect(
      (await attempt(email, 'wrong-guess!', newAddress())).headers[
        'retry-after'
      ],
    ).toBe('900');

    // A minute into the block, the wait is rounded up to whole minutes.
    await wait(key, 61);
    expect(
      (await attempt(email, 'wrong-guess!', newAddress())).json().message,
    ).toBe('Too many failed sign-ins. Try again in 14 minutes.');

    // 15 minutes after the block ended, the count starts again.
    await wait(key, 900 - 61 + 15 * 60 + 1);
    expect(
      (await attempt(email, 'wrong-guess!', newAddress())).statusCode,
    ).toBe(400);
    expect((await failures(key))?.failures).toBe(1);
  });

  it('counts an unknown account like a known one, with the same reply', async () => {
    const user = await createUser(t.db);
    const address = newAddress();
    const known = await attempt(user.email, 'wrong-guess!', address);
    const unknown = await attempt(
      'ghost-account@example.test',
      'wrong-guess!',
      address,
    );
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect((await failures(`account:${user.email}`))?.failures).toBe(1);
    expect(
      (await failures('account:ghost-account@example.test'))?.failures,
    ).toBe(1);
    expect((await failures(`ip:${address}`))?.failures).toBe(2);
  });

  it("a successful sign-in clears the account's failures but not the address's", async () => {
    const user = await createUser(t.db);
    const address = newAddress();
    for (let index = 0; index < 4; index++)
      await attempt(user.email, 'wrong-guess!', address);
    expect((await attempt(user.email, TEST_PASSWORD, address)).statusCode).toBe(
      200,
    );
    expect(await failures(`account:${user.email}`)).toBeUndefined();
    expect((await failures(`ip:${address}`))?.failures).toBe(4);

    // An attacker who signs in to their own account between guesses keeps their address's count.
    const victim = await createUser(t.db);
    const statuses = [];
    for (let index = 0; index < 17; index++) {
      statuses.push(
        (await attempt(victim.email, `guess-${index}`, address)).statusCode,
      );
      if (index % 4 === 3) await attempt(user.email, TEST_PASSWORD, address);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(
      0,
    );
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
  });

  it('tells a pending sign-up to confirm its address, only with its password, and does not count it', async () => {
    const email = 'pending-signup@example.test';
    await issueAccountToken(t.db, {
      purpose: 'signup',
      email,
      data: {
        company_name: 'Pending Ltd',
        full_name: 'Pat Pending',
        password_hash: await hashPassword('a-pending-password'),
        locale: 'en-gb',
      },
    });
    const address = newAddress();
    const right = await attempt(
      email.toUpperCase(),
      'a-pending-password',
      address,
    );
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({
      code: 'email_not_confirmed',
      message:
        'Confirm your e-mail address first: open the link we sent to you, or send it again.',
    });
    expect(await failures(`account:${email}`)).toBeUndefined();
    expect(await failures(`ip:${address}`)).toBeUndefined();

    const wrong = await attempt(email, 'not-the-password', address);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      'The e-mail address or password is not right.',
    );
    expect((await failures(`account:${email}`))?.failures).toBe(1);
  });

  it('limits the provider check per address, whatever addresses it asks about', async () => {
    const address = newAddress();
    const statuses = [];
    for (let index = 0; index < 61; index++)
      statuses.push(
        (
          await t
            .client()
            .post(
              '/check-provider/ajax',
              { username: `someone${index}@example.test` },
              { remoteAddress: address },
            )
        ).statusCode,
      );
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    const elsewhere = await t
      .client()
      .post(
        '/check-provider/ajax',
        { username: 'someone0@example.test' },
        { remoteAddress: newAddress() },
      );
    expect(elsewhere.statusCode).toBe(200);
  });
});
