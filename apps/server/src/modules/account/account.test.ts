import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const update = (email: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Jo',
  last_name: 'Bloggs',
  email,
  locale: 'fr-fr',
  notify_new_responses: false,
  notify_daily_summary: true,
  ...extra,
});

describe('account', () => {
  it('reads and updates the account, locale included', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companies: [company.id] });
    const client = t.client();
    await client.signIn(user.email, TEST_PASSWORD);
    expect((await client.get('/api/account')).json()).toMatchObject({
      email: user.email,
      locale: 'en-gb',
    });

    const response = await client.post('/api/account', update(user.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Jo',
      locale: 'fr-fr',
      notify_daily_summary: true,
    });
    expect((await client.get('/api/user')).json()).toMatchObject({
      full_name: 'Jo Bloggs',
      locale: 'fr-fr',
    });
  });

  it('refuses an e-mail address another account uses', async () => {
    const other = await createUser(t.db);
    const user = await createUser(t.db);
    const client = t.client();
    await client.signIn(user.email, TEST_PASSWORD);
    const response = await client.post(
      '/api/account',
      update(other.email.toUpperCase()),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toBeDefined();
  });

  it('changes the password only with the current one', async () => {
    const user = await createUser(t.db);
    const client = t.client();
    await client.signIn(user.email, TEST_PASSWORD);
    const wrong = await client.post(
      '/api/account',
      update(user.email, {
        current_password: 'wrong',
        new_password: 'a-brand-new-password',
      }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.current_password).toBeDefined();

    const right = await client.post(
      '/api/account',
      update(user.email, {
        current_password: TEST_PASSWORD,
        new_password: 'a-brand-new-password',
      }),
    );
    expect(right.statusCode).toBe(200);
    await t.client().signIn(user.email, 'a-brand-new-password');
  });

  it('needs a session', async () => {
    expect((await t.client().get('/api/account')).statusCode).toBe(401);
  });
});
