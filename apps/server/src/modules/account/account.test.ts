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

  it('counts wrong current passwords as failed sign-ins, so a stolen session cannot guess on', async () => {
    const user = await createUser(t.db);
    const client = t.client();
    await client.signIn(user.email, TEST_PASSWORD);
    const guess = (password: string) =>
      client.post(
        '/api/account',
        update(user.email, {
          current_password: password,
          new_password: 'a-brand-new-password',
        }),
      );
    for (let attempt = 1; attempt <= 5; attempt++)
      expect((await guess(`guess-number-${attempt}`)).statusCode).toBe(400);
    const blocked = await guess('guess-number-6');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-ins/);
    // Blocked means blocked: even the right password waits, and nothing changed.
    expect((await guess(TEST_PASSWORD)).statusCode).toBe(429);
    const stored = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toBe(user.password_hash);
  });

  it('needs a session', async () => {
    expect((await t.client().get('/api/account')).statusCode).toBe(401);
  });

  it('refuses a common new password', async () => {
    const user = await createUser(t.db, { firstName: 'Jo' });
    const client = t.client();
    await client.signIn(user.email, TEST_PASSWORD);
    for (const weak of ['password12', 'qwertyuiop12']) {
      const response = await client.post(
        '/api/account',
        update(user.email, {
          current_password: TEST_PASSWORD,
          new_password: weak,
        }),
      );
      expect(response.statusCode, weak).toBe(400);
      expect(response.json().fields.new_password, weak).toEqual([
        'This password is too common or too easy to guess. Choose a longer one, such as a few unrelated words.',
      ]);
    }
    await t.client().signIn(user.email, TEST_PASSWORD);
  });

  it('a password change signs out every other session of the user and keeps this one', async () => {
    const user = await createUser(t.db);
    const bystander = await createUser(t.db);
    const here = t.client();
    const elsewhere = t.client();
    const other = t.client();
    await here.signIn(user.email, TEST_PASSWORD);
    await elsewhere.signIn(user.email, TEST_PASSWORD);
    await other.signIn(bystander.email, TEST_PASSWORD);

    const response = await here.post(
      '/api/account',
      update(user.email, {
        current_password: TEST_PASSWORD,
        new_password: 'lantern-orbit-meadow',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect((await here.get('/api/user')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
    expect((await other.get('/api/user')).statusCode).toBe(200);

    // Saving the form without a new password ends nothing.
    await elsewhere.signIn(user.email, 'lantern-orbit-meadow');
    await here.post('/api/account', update(user.email));
    expect((await elsewhere.get('/api/user')).statusCode).toBe(200);
  });
});

const CONFIRM_LINK = /http:\/\/localhost:3000\/confirm-email\/([\w-]+)/;

function emailsTo(address: string) {
  return t.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_email', '=', address)
    .orderBy('id')
    .execute();
}

async function storedEmail(userId: number) {
  const row = await t.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.email;
}

async function signedIn(email?: string) {
  const company = await createCompany(t.db);
  const user = await createUser(t.db, {
    companies: [company.id],
    ...(email ? { email } : {}),
  });
  const client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
  return { user, client };
}

const changeTo = (email: string, extra: Record<string, unknown> = {}) =>
  update(email, { locale: 'en-gb', current_password: TEST_PASSWORD, ...extra });

describe('changing the e-mail address', () => {
  it('needs the current password', async () => {
    const { user, client } = await signedIn();
    const missing = await client.post(
      '/api/account',
      update('elsewhere@example.test'),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.current_password).toEqual([
      'Enter your current password to change your e-mail address',
    ]);
    const wrong = await client.post(
      '/api/account',
      update('elsewhere@example.test', { current_password: 'not-it-at-all' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.current_password).toEqual([
      'Your current password is not right.',
    ]);
    expect(await storedEmail(user.id)).toBe(user.email);
    expect(await emailsTo('elsewhere@example.test')).toEqual([]);
  });

  it('changes nothing until the link sent to the new address is opened (the attack of issue 26)', async () => {
    const { user, client } = await signedIn('reviewer@demo.example');
    const response = await client.post(
      '/api/account',
      changeTo('new-hire@northwind.example'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'reviewer@demo.example',
      pending_email: 'new-hire@northwind.example',
    });
    // The account keeps its address, so when Northwind adds new-hire@ it is not this account.
    expect(await storedEmail(user.id)).toBe('reviewer@demo.example');
    const [reviewer] = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'new-hire@northwind.example')
      .execute();
    expect(reviewer).toBeUndefined();
    expect(
      (
        await t.client().post('/login/ajax', {
          username: 'new-hire@northwind.example',
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(400);
    expect((await client.get('/api/account')).json()).toMatchObject({
      email: 'reviewer@demo.example',
      pending_email: 'new-hire@northwind.example',
    });

    const [mail] = await emailsTo('new-hire@northwind.example');
    expect(mail).toMatchObject({
      kind: 'email-change-confirm',
      subject: 'Confirm your new e-mail address for Candor',
      company_id: null,
    });
    expect(mail?.html).not.toContain('reviewer@demo.example');
    expect(CONFIRM_LINK.exec(mail?.text ?? '')).not.toBeNull();
  });

  it('moves the account when the link is opened, once, and tells the previous address', async () => {
    const { user, client } = await signedIn();
    await client.post('/api/account', changeTo('moved@example.test'));
    const [mail] = await emailsTo('moved@example.test');
    const token = CONFIRM_LINK.exec(mail?.text ?? '')?.[1] ?? '';

    // Opened on another device, without a session.
    const opener = t.client();
    const confirmed = await opener.post(`/api/confirm-email/${token}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      status: 'OK',
      email: 'moved@example.test',
    });
    expect(await storedEmail(user.id)).toBe('moved@example.test');
    expect((await client.get('/api/account')).json()).toMatchObject({
      email: 'moved@example.test',
      pending_email: null,
    });
    await t.client().signIn('moved@example.test', TEST_PASSWORD);
    expect(
      (
        await t.client().post('/login/ajax', {
          username: user.email,
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(400);

    const [notice] = await emailsTo(user.email);
    expect(notice).toMatchObject({
      kind: 'email-changed',
      subject: 'Your Candor e-mail address was changed',
    });
    expect(notice?.text).toContain('moved@example.test');

    const again = await opener.post(`/api/confirm-email/${token}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(
      'This link has expired or was already used. Change your e-mail address again from your account.',
    );
  });

  it('refuses an expired link', async () => {
    const { user, client } = await signedIn();
    await client.post('/api/account', changeTo('late@example.test'));
    const [mail] = await emailsTo('late@example.test');
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const response = await t
      .client()
      .post(`/api/confirm-email/${CONFIRM_LINK.exec(mail?.text ?? '')?.[1]}`);
    expect(response.statusCode).toBe(404);
    expect(await storedEmail(user.id)).toBe(user.email);
    expect((await client.get('/api/account')).json().pending_email).toBeNull();
  });

  it('answers alike for an address another account uses, and tells that address instead', async () => {
    const owner = await createUser(t.db, { email: 'taken@example.test' });
    const { client: first } = await signedIn();
    const { client: second } = await signedIn();
    const taken = await first.post(
      '/api/account',
      changeTo('TAKEN@example.test'),
    );
    const free = await second.post(
      '/api/account',
      changeTo('free-address@example.test'),
    );
    expect(taken.statusCode).toBe(free.statusCode);
    const shape = (body: Record<string, unknown>) => ({
      ...body,
      email: '…',
      pending_email: '…',
    });
    expect(shape(taken.json())).toEqual(shape(free.json()));
    expect(taken.json().pending_email).toBe('TAKEN@example.test');
    // The page shows the same pending address after a reload too.
    expect((await first.get('/api/account')).json().pending_email).toBe(
      'TAKEN@example.test',
    );

    const [notice, ...more] = await emailsTo('TAKEN@example.test');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      kind: 'email-change-taken',
      subject: 'Your Candor e-mail address was not changed',
    });
    expect(notice?.text).not.toMatch(/confirm-email/);
    expect(await storedEmail(owner.id)).toBe('taken@example.test');
  });

  it('a newer request ends the older link', async () => {
    const { user, client } = await signedIn();
    await client.post('/api/account', changeTo('first-try@example.test'));
    await client.post('/api/account', changeTo('second-try@example.test'));
    const link = async (address: string) =>
      CONFIRM_LINK.exec((await emailsTo(address))[0]?.text ?? '')?.[1];
    expect((await client.get('/api/account')).json().pending_email).toBe(
      'second-try@example.test',
    );
    expect(
      (
        await t
          .client()
          .post(`/api/confirm-email/${await link('first-try@example.test')}`)
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t
          .client()
          .post(`/api/confirm-email/${await link('second-try@example.test')}`)
      ).statusCode,
    ).toBe(200);
    expect(await storedEmail(user.id)).toBe('second-try@example.test');
  });

  it('only the link holder learns that the address was taken since', async () => {
    const { user, client } = await signedIn();
    await client.post('/api/account', changeTo('contested@example.test'));
    const [mail] = await emailsTo('contested@example.test');
    await createUser(t.db, { email: 'Contested@example.test' });
    const response = await t
      .client()
      .post(`/api/confirm-email/${CONFIRM_LINK.exec(mail?.text ?? '')?.[1]}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Another account now uses this address.',
    );
    expect(await storedEmail(user.id)).toBe(user.email);
  });

  it("writes the e-mails in the account's language", async () => {
    const { user, client } = await signedIn();
    await client.post(
      '/api/account',
      changeTo('en-francais@example.test', { locale: 'fr-fr' }),
    );
    const [mail] = await emailsTo('en-francais@example.test');
    expect(mail?.subject).toBe(
      'Confirmez votre nouvelle adresse e-mail pour Candor',
    );
    await t
      .client()
      .post(`/api/confirm-email/${CONFIRM_LINK.exec(mail?.text ?? '')?.[1]}`);
    expect((await emailsTo(user.email))[0]?.subject).toBe(
      'Votre adresse e-mail Candor a été modifiée',
    );
  });
});
