import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { verifyPassword } from '../../platform/auth/password';
import { createOutboxPoller } from '../../platform/mail/outbox-poller';

const PASSWORD = 'amber-lantern-orchard-57';
const PUBLIC_URL = 'http://localhost:3000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const uniqueEmail = (name: string) => `${name}.${++sequence}@signup.test`;
// Each call comes from its own client address, so the per-address limit is met only on purpose.
let addresses = 0;
const nextAddress = () => {
  addresses++;
  return `10.20.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

function signUp(
  body: Record<string, unknown>,
  options: { client?: TestClient; headers?: Record<string, string> } = {},
) {
  return (options.client ?? t.client()).post(
    '/api/signup',
    {
      company_name: 'Harbour Lights',
      full_name: 'Ada van der Berg',
      password: PASSWORD,
      ...body,
    },
    { remoteAddress: nextAddress(), headers: options.headers },
  );
}

function mailTo(app: TestApp, email: string) {
  return app.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_email', '=', email)
    .orderBy('id')
    .execute();
}

/** The token of the `path` link in an e-mail's text (the button's fallback link). */
function linkToken(text: string, path: string): string {
  const match = new RegExp(`${PUBLIC_URL}/${path}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${path} link in: ${text}`);
  return match[1];
}

async function confirmationToken(app: TestApp, email: string) {
  const mails = await mailTo(app, email);
  const last = mails.at(-1);
  expect(last?.kind).toBe('signup-confirm');
  return linkToken(last?.text ?? '', 'verify-email');
}

const countRows = async (app: TestApp, table: 'companies' | 'users') =>
  Number(
    (
      await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('sign-up', () => {
  it('creates nothing until the e-mailed link is opened; the link signs in as the company’s first admin, who can create an interview', async () => {
    const email = uniqueEmail('ada');
    const [companiesBefore, usersBefore] = [
      await countRows(t, 'companies'),
      await countRows(t, 'users'),
    ];

    const response = await signUp({ email });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'link_sent' });
    expect(await countRows(t, 'companies')).toBe(companiesBefore);
    expect(await countRows(t, 'users')).toBe(usersBefore);

    const [mail] = await mailTo(t, email);
    expect(mail).toMatchObject({
      kind: 'signup-confirm',
      company_id: null,
      subject: 'Confirm your e-mail address for Candor',
    });
    expect(mail?.text).toContain('Hello Ada,');
    expect(mail?.text).toContain('Harbour Lights');
    const token = linkToken(mail?.text ?? '', 'verify-email');

    const browser = t.client();
    expect((await browser.get(`/api/verify-email/${token}`)).json()).toEqual({
      email,
    });
    const confirm = await browser.post(`/api/verify-email/${token}`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ status: 'OK' });

    const me = (await browser.get('/api/user')).json();
    expect(me).toMatchObject({
      email,
      first_name: 'Ada',
      last_name: 'van der Berg',
      current_company: { name: 'Harbour Lights', shortname: 'harbour-lights' },
    });
    const membership = await t.db
      .selectFrom('memberships')
      .select(['role', 'status'])
      .where('user_id', '=', me.id)
      .execute();
    expect(membership).toEqual([{ role: 'admin', status: 'active' }]);

    const job = await browser.post('/api/jobs', {
      company: 'harbour-lights',
      title: 'Harbour pilot',
      function: 'Operations',
      role: 'Experienced',
      description: 'Bring ships in safely.',
    });
    expect(job.statusCode).toBe(201);
    expect((await browser.get('/api/jobs')).json().results).toEqual([
      expect.objectContaining({ title: 'Harbour pilot' }),
    ]);

    const again = t.client();
    await again.signIn(email, PASSWORD);
    expect((await again.get('/api/user')).json().email).toBe(email);
  });

  it('gives a second company of the same name its own shortname', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    for (const email of [first, second]) {
      await signUp({ email, company_name: 'Café Noir' });
      const client = t.client();
      await client.post(
        `/api/verify-email/${await confirmationToken(t, email)}`,
      );
      expect((await client.get('/api/user')).json().current_company).toEqual(
        expect.objectContaining({ name: 'Café Noir' }),
      );
    }
    const shortnames = await t.db
      .selectFrom('companies')
      .select('shortname')
      .where('name', '=', 'Café Noir')
      .orderBy('id')
      .execute();
    expect(shortnames.map((row) => row.shortname)).toEqual([
      'cafe-noir',
      'cafe-noir-2',
    ]);
  });

  it('uses a link once, and not after it has expired', async () => {
    const email = uniqueEmail('once');
    await signUp({ email });
    const token = await confirmationToken(t, email);
    expect(
      (await t.client().post(`/api/verify-email/${token}`)).statusCode,
    ).toBe(200);
    const replay = await t.client().post(`/api/verify-email/${token}`);
    expect(replay.statusCode).toBe(404);
    expect(replay.json().message).toBe(
      'This link has expired or was already used.',
    );
    expect(
      (await t.client().get(`/api/verify-email/${token}`)).statusCode,
    ).toBe(404);

    const late = uniqueEmail('late');
    await signUp({ email: late });
    const lateToken = await confirmationToken(t, late);
    // 48 hours later.
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', late)
      .execute();
    expect(
      (await t.client().get(`/api/verify-email/${lateToken}`)).statusCode,
    ).toBe(404);
    const expired = await t.client().post(`/api/verify-email/${lateToken}`);
    expect(expired.statusCode).toBe(404);
    expect(
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', late)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('answers the same for an address that has an account, e-mails its owner instead and changes nothing', async () => {
    const company = await createCompany(t.db);
    const owner = await createUser(t.db, {
      companies: [company.id],
      email: uniqueEmail('owner'),
    });
    const companiesBefore = await countRows(t, 'companies');

    const response = await signUp({ email: owner.email.toUpperCase() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'link_sent' });

    const mails = await mailTo(t, owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'signup-existing',
      subject: 'You already have a Candor account',
    });
    expect(mails[0]?.text).toContain(`${PUBLIC_URL}/login`);
    expect(
      await t.db
        .selectFrom('account_tokens')
        .select('token_hash')
        .where('email', '=', owner.email.toUpperCase())
        .execute(),
    ).toEqual([]);
    expect(await countRows(t, 'companies')).toBe(companiesBefore);
    const client = t.client();
    await client.signIn(owner.email, TEST_PASSWORD);
    expect(
      (await client.get('/api/user')).json().current_company.shortname,
    ).toBe(company.shortname);
  });

  it('refuses a common or guessable password, and sends nothing', async () => {
    const email = uniqueEmail('weak');
    for (const password of ['password12', 'HarbourLights1', 'qwertyuiop']) {
      const response = await signUp({ email, password });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.password[0]).toMatch(
        /too common or too easy to guess/,
      );
    }
    const short = await signUp({ email, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('password');
    expect(await mailTo(t, email)).toEqual([]);
  });

  it('writes the e-mail in the language of the page, or of the browser', async () => {
    const chosen = uniqueEmail('chosen');
    await signUp({ email: chosen, locale: 'fr-fr' });
    const browser = uniqueEmail('browser');
    await signUp(
      { email: browser },
      { headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' } },
    );
    for (const email of [chosen, browser]) {
      const [mail] = await mailTo(t, email);
      expect(mail?.subject).toBe('Confirmez votre adresse e-mail pour Candor');
    }
    // The new account keeps the language too.
    const client = t.client();
    await client.post(
      `/api/verify-email/${await confirmationToken(t, chosen)}`,
    );
    expect((await client.get('/api/user')).json().locale).toBe('fr-fr');
  });

  it('sends a fresh link on request, after which the older one opens nothing', async () => {
    const email = uniqueEmail('resend');
    await signUp({ email });
    const first = await confirmationToken(t, email);

    const resend = await t
      .client()
      .post('/api/signup/resend', { email }, { remoteAddress: nextAddress() });
    expect(resend.statusCode).toBe(202);
    expect(resend.json()).toEqual({ status: 'link_sent' });
    const second = await confirmationToken(t, email);
    expect(second).not.toBe(first);
    expect((await mailTo(t, email)).map((mail) => mail.subject)).toEqual([
      'Confirm your e-mail address for Candor',
      'Confirm your e-mail address for Candor',
    ]);

    expect(
      (await t.client().post(`/api/verify-email/${first}`)).statusCode,
    ).toBe(404);
    const client = t.client();
    expect((await client.post(`/api/verify-email/${second}`)).statusCode).toBe(
      200,
    );
    expect((await client.get('/api/user')).json().current_company.name).toBe(
      'Harbour Lights',
    );
  });

  it('answers a resend for an unknown or confirmed address alike, sending nothing', async () => {
    const unknown = uniqueEmail('unknown');
    const confirmed = uniqueEmail('confirmed');
    await signUp({ email: confirmed });
    await t
      .client()
      .post(`/api/verify-email/${await confirmationToken(t, confirmed)}`);
    for (const email of [unknown, confirmed]) {
      const response = await t
        .client()
        .post(
          '/api/signup/resend',
          { email },
          { remoteAddress: nextAddress() },
        );
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ status: 'link_sent' });
    }
    expect(await mailTo(t, unknown)).toEqual([]);
    expect(await mailTo(t, confirmed)).toHaveLength(1);
  });

  it('gives an invited person’s account (no password yet) the sign-up’s password, leaving its invitations as they were', async () => {
    const other = await createCompany(t.db);
    const invited = await createUser(t.db, { email: uniqueEmail('invited') });
    await t.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', invited.id)
      .execute();
    await t.db
      .insertInto('memberships')
      .values({ company_id: other.id, user_id: invited.id, status: 'invited' })
      .execute();

    await signUp({ email: invited.email, full_name: 'Grace Hopper' });
    const client = t.client();
    const token = await confirmationToken(t, invited.email);
    expect((await client.post(`/api/verify-email/${token}`)).statusCode).toBe(
      200,
    );
    const me = (await client.get('/api/user')).json();
    expect(me).toMatchObject({ id: invited.id, first_name: 'Grace' });
    const memberships = await t.db
      .selectFrom('memberships')
      .select(['company_id', 'role', 'status'])
      .where('user_id', '=', invited.id)
      .orderBy('company_id')
      .execute();
    expect(memberships).toEqual([
      { company_id: other.id, role: 'member', status: 'invited' },
      { company_id: me.current_company.id, role: 'admin', status: 'active' },
    ]);
    await t.client().signIn(invited.email, PASSWORD);
  });

  it('never changes the password of an account that took the address before the link was opened', async () => {
    const email = uniqueEmail('meanwhile');
    await signUp({ email });
    const token = await confirmationToken(t, email);
    const meanwhile = await createUser(t.db, { email });

    const client = t.client();
    expect((await client.post(`/api/verify-email/${token}`)).statusCode).toBe(
      200,
    );
    const account = await t.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'current_company_id'])
      .where('id', '=', meanwhile.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(account.password_hash, TEST_PASSWORD)).toBe(
      true,
    );
    expect(await verifyPassword(account.password_hash, PASSWORD)).toBe(false);
    expect((await client.get('/api/user')).json()).toMatchObject({
      id: meanwhile.id,
      current_company: { name: 'Harbour Lights' },
    });
  });

  it('limits the sign-ups of one address, and of one client', async () => {
    const email = uniqueEmail('often');
    for (let i = 0; i < 5; i++)
      expect((await signUp({ email })).statusCode).toBe(201);
    const limited = await signUp({ email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      'Too many requests. Please wait an hour and try again.',
    );

    const client = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await client.post(
        '/api/signup',
        {
          company_name: 'Busy',
          full_name: 'Busy Person',
          email: uniqueEmail('busy'),
          password: PASSWORD,
        },
        { remoteAddress: '10.99.0.1' },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('sign-up without SMTP', () => {
  it('writes the confirmation e-mail to a file and says where, so its link can be opened', async () => {
    const email = uniqueEmail('selfhost');
    await signUp({ email });
    const written: { to: string; path: string }[] = [];
    const poller = createOutboxPoller({
      onMailWritten: (to, path) => written.push({ to, path }),
    });
    try {
      while ((await poller.runOnce(t.ctx)) > 0);
    } finally {
      poller.close();
    }
    const file = written.find((entry) => entry.to === email);
    expect(file?.path.startsWith(join(t.dataDir, 'mail'))).toBe(true);
    // Quoted-printable wraps long lines with a trailing '='.
    const message = readFileSync(file?.path ?? '', 'utf8').replace(
      /=\r?\n/g,
      '',
    );
    const token = await confirmationToken(t, email);
    expect(message).toContain(`${PUBLIC_URL}/verify-email/${token}`);
  });
});

describe('sign-up on a server with SIGNUP=closed', () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await createTestApp({ SIGNUP: 'closed' });
  });
  afterAll(() => closed.close());

  const closedSignUp = (email: string) =>
    closed.client().post(
      '/api/signup',
      {
        company_name: 'First Light',
        full_name: 'Nadia First',
        email,
        password: PASSWORD,
      },
      { remoteAddress: nextAddress() },
    );

  it('lets the first person of an empty install in, and refuses everyone after', async () => {
    const first = uniqueEmail('first');
    const early = uniqueEmail('early');
    expect((await closedSignUp(first)).statusCode).toBe(201);
    // Signed up before anyone confirmed, but confirmed after: refused too.
    expect((await closedSignUp(early)).statusCode).toBe(201);

    const client = closed.client();
    const confirm = await client.post(
      `/api/verify-email/${await confirmationToken(closed, first)}`,
    );
    expect(confirm.statusCode).toBe(200);
    expect((await client.get('/api/user')).json().current_company.name).toBe(
      'First Light',
    );

    const late = await closedSignUp(uniqueEmail('late'));
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(
      'Sign-up is closed on this server. Ask your company’s administrator to invite you.',
    );
    const earlyConfirm = await closed
      .client()
      .post(`/api/verify-email/${await confirmationToken(closed, early)}`);
    expect(earlyConfirm.statusCode).toBe(403);
    expect(await countRows(closed, 'companies')).toBe(1);
  });
});
