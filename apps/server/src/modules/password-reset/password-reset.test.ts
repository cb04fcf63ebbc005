import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

const NEW_PASSWORD = 'velvet-compass-meadow-83';
const PUBLIC_URL = 'http://localhost:3000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addresses = 0;
// Each request from its own client address: the per-client limit is met only on purpose.
const nextAddress = () => {
  addresses++;
  return `10.30.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const requestReset = (email: string, remoteAddress = nextAddress()) =>
  t.client().post('/api/password-reset', { email }, { remoteAddress });

function mailTo(email: string) {
  return t.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_email', '=', email)
    .orderBy('id')
    .execute();
}

async function resetToken(email: string): Promise<string> {
  const last = (await mailTo(email)).at(-1);
  expect(last?.kind).toBe('password-reset');
  const match = new RegExp(
    `${PUBLIC_URL}/reset-password/([A-Za-z0-9_-]+)`,
  ).exec(last?.text ?? '');
  if (!match?.[1]) throw new Error(`No reset link in: ${last?.text}`);
  return match[1];
}

async function companyUser(values: { email?: string } = {}) {
  const company = await createCompany(t.db);
  return createUser(t.db, { companies: [company.id], ...values });
}

describe('password reset', () => {
  it('answers the same for an account, an unknown address and an invited placeholder, and e-mails only the account', async () => {
    const user = await companyUser();
    const placeholder = await createUser(t.db);
    await t.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', placeholder.id)
      .execute();
    const unknown = 'nobody.at.all@reset.test';

    const replies = [];
    for (const email of [user.email, unknown, placeholder.email]) {
      const response = await requestReset(email);
      replies.push({ status: response.statusCode, body: response.body });
    }
    expect(replies).toEqual([
      { status: 202, body: '{"status":"link_sent"}' },
      { status: 202, body: '{"status":"link_sent"}' },
      { status: 202, body: '{"status":"link_sent"}' },
    ]);

    const [mail] = await mailTo(user.email);
    expect(mail).toMatchObject({
      kind: 'password-reset',
      company_id: null,
      subject: 'Choose a new password for Candor',
    });
    expect(mail?.text).toContain(`Hello ${user.first_name},`);
    expect(await mailTo(unknown)).toEqual([]);
    expect(await mailTo(placeholder.email)).toEqual([]);
  });

  it('sets the new password through the link, signs this browser in and every other session out', async () => {
    const user = await companyUser();
    const before = t.client();
    await before.signIn(user.email, TEST_PASSWORD);
    expect((await before.get('/api/user')).statusCode).toBe(200);

    await requestReset(user.email.toUpperCase());
    const token = await resetToken(user.email);
    const browser = t.client();
    expect((await browser.get(`/api/password-reset/${token}`)).json()).toEqual({
      email: user.email,
    });
    const reset = await browser.post(`/api/password-reset/${token}`, {
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: 'OK' });

    expect((await browser.get('/api/user')).json().email).toBe(user.email);
    expect((await before.get('/api/user')).statusCode).toBe(401);
    const sessions = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(1);

    const old = await t
      .client()
      .post('/login/ajax', { username: user.email, password: TEST_PASSWORD });
    expect(old.statusCode).toBe(400);
    await t.client().signIn(user.email, NEW_PASSWORD);
  });

  it('uses a link once, only the newest link, and not after an hour', async () => {
    const user = await companyUser();
    await requestReset(user.email);
    const older = await resetToken(user.email);
    await requestReset(user.email);
    const newer = await resetToken(user.email);
    expect(newer).not.toBe(older);

    const replaced = await t
      .client()
      .post(`/api/password-reset/${older}`, { password: NEW_PASSWORD });
    expect(replaced.statusCode).toBe(404);
    expect(replaced.json().message).toBe(
      'This link has expired or was already used.',
    );
    expect(
      (
        await t
          .client()
          .post(`/api/password-reset/${newer}`, { password: NEW_PASSWORD })
      ).statusCode,
    ).toBe(200);
    const replay = await t.client().post(`/api/password-reset/${newer}`, {
      password: 'another-long-phrase-91',
    });
    expect(replay.statusCode).toBe(404);
    expect(
      (await t.client().get(`/api/password-reset/${newer}`)).statusCode,
    ).toBe(404);

    const late = await companyUser();
    await requestReset(late.email);
    const lateToken = await resetToken(late.email);
    const row = await t.db
      .selectFrom('account_tokens')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', late.id)
      .where('purpose', '=', 'password_reset')
      .executeTakeFirstOrThrow();
    expect(
      new Date(row.expires_at).getTime() - new Date(row.created_at).getTime(),
    ).toBeGreaterThan(3_590_000);
    expect(
      new Date(row.expires_at).getTime() - new Date(row.created_at).getTime(),
    ).toBeLessThanOrEqual(3_610_000);
    // An hour and a moment later.
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', late.id)
      .execute();
    expect(
      (await t.client().get(`/api/password-reset/${lateToken}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await t
          .client()
          .post(`/api/password-reset/${lateToken}`, { password: NEW_PASSWORD })
      ).statusCode,
    ).toBe(404);
    await t.client().signIn(late.email, TEST_PASSWORD);
  });

  it('refuses a common or guessable password and leaves the link usable', async () => {
    const user = await companyUser({ email: 'marguerite.duras@reset.test' });
    await requestReset(user.email);
    const token = await resetToken(user.email);
    for (const password of ['password12', 'marguerite1', '1234567890']) {
      const weak = await t
        .client()
        .post(`/api/password-reset/${token}`, { password });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().fields).toHaveProperty('password');
    }
    expect(
      (
        await t
          .client()
          .post(`/api/password-reset/${token}`, { password: NEW_PASSWORD })
      ).statusCode,
    ).toBe(200);
  });

  it('writes the e-mail in the account’s language', async () => {
    const user = await companyUser();
    await t.db
      .updateTable('users')
      .set({ locale: 'fr-fr' })
      .where('id', '=', user.id)
      .execute();
    await requestReset(user.email);
    const [mail] = await mailTo(user.email);
    expect(mail?.subject).toBe(
      'Choisissez un nouveau mot de passe pour Candor',
    );
  });

  it('limits the requests for one address, and from one client, answering alike for every address', async () => {
    const user = await companyUser();
    for (let i = 0; i < 5; i++)
      expect((await requestReset(user.email)).statusCode).toBe(202);
    const limited = await requestReset(user.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      'Too many requests. Please wait an hour and try again.',
    );
    expect(await mailTo(user.email)).toHaveLength(5);

    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await requestReset(`probe${i}@reset.test`, '10.31.0.1')).statusCode,
      );
    expect(statuses.slice(0, 20).every((status) => status === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
