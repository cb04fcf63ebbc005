import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The smallest valid PNG: a 1×1 transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function signedInMember(companies: number[]) {
  const user = await createUser(t.db, { companies });
  const client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
  return { user, client };
}

describe('companies and switching', () => {
  it('lists only the companies the user belongs to, paged', async () => {
    const [a, b] = [await createCompany(t.db), await createCompany(t.db)];
    await createCompany(t.db);
    const { client } = await signedInMember([a.id, b.id]);
    const response = await client.get('/api/companies');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      count: 2,
      next: null,
      previous: null,
    });
    expect(
      response
        .json()
        .results.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
  });

  it('switches to an own company and refuses any other with 404', async () => {
    const [a, b, other] = [
      await createCompany(t.db),
      await createCompany(t.db),
      await createCompany(t.db),
    ];
    const { client } = await signedInMember([a.id, b.id]);
    const switched = await client.post(`/company/change/${b.id}`);
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({ status: 'OK', shortname: b.shortname });
    expect((await client.get('/api/user')).json().current_company.id).toBe(
      b.id,
    );

    const refused = await client.post(`/company/change/${other.id}`);
    expect(refused.statusCode).toBe(404);
    expect((await client.get('/api/user')).json().current_company.id).toBe(
      b.id,
    );
  });

  it('gives a reviewer no current company and no company settings', async () => {
    const { client } = await signedInMember([]);
    expect((await client.get('/api/user')).json().current_company).toBeNull();
    const settings = await client.get('/api/settings');
    expect(settings.statusCode).toBe(403);
    expect(settings.json().message).toBeTruthy();
  });

  it('needs a session', async () => {
    expect((await t.client().get('/api/companies')).statusCode).toBe(401);
    expect((await t.client().post('/company/change/1')).statusCode).toBe(401);
  });
});

describe('company settings', () => {
  it('updates settings as JSON', async () => {
    const company = await createCompany(t.db);
    const { client } = await signedInMember([company.id]);
    const response = await client.post('/api/settings', {
      name: 'Renamed Ltd',
      support_email: 'help@renamed.example',
      account_message: 'Maintenance on Sunday',
      account_message_style: 0,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Renamed Ltd',
      account_message_style: 0,
    });
    const stored = await t.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', company.id)
      .executeTakeFirstOrThrow();
    expect(stored.support_email).toBe('help@renamed.example');
  });

  it('refuses an invalid e-mail with a field message', async () => {
    const company = await createCompany(t.db);
    const { client } = await signedInMember([company.id]);
    const response = await client.post('/api/settings', {
      name: 'X',
      support_email: 'not-an-email',
      account_message: '',
      account_message_style: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.support_email).toBeDefined();
  });

  it('stores an uploaded logo and serves it under a cache-busting URL', async () => {
    const company = await createCompany(t.db);
    const { client } = await signedInMember([company.id]);
    const form = multipartBody(
      { name: 'Logo Co' },
      { logo: { filename: 'logo.png', type: 'image/png', data: PNG } },
    );
    const response = await client.post('/api/settings', form.body, {
      headers: form.headers,
    });
    expect(response.statusCode).toBe(200);
    const logo: string = response.json().logo;
    expect(logo).toMatch(
      new RegExp(`^/media/logo/${company.shortname}\\?v=\\d+$`),
    );
    const served = await t.client().get(logo);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a non-image logo, judged by content not name', async () => {
    const company = await createCompany(t.db);
    const { client } = await signedInMember([company.id]);
    const form = multipartBody(
      {},
      {
        logo: {
          filename: 'logo.png',
          type: 'image/png',
          data: Buffer.from('<script>'),
        },
      },
    );
    const response = await client.post('/api/settings', form.body, {
      headers: form.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/PNG, JPEG, GIF or WebP/);
    const stored = await t.db
      .selectFrom('companies')
      .select('logo_key')
      .where('id', '=', company.id)
      .executeTakeFirstOrThrow();
    expect(stored.logo_key).toBeNull();
  });

  it('refuses an oversized logo and stores nothing', async () => {
    const company = await createCompany(t.db);
    const { client } = await signedInMember([company.id]);
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const form = multipartBody(
      {},
      { logo: { filename: 'big.png', type: 'image/png', data: big } },
    );
    const response = await client.post('/api/settings', form.body, {
      headers: form.headers,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The logo must be 2 MB or smaller.');
    const folder = join(t.dataDir, 'files', 'companies', String(company.id));
    expect(() => readdirSync(folder)).toThrow();
  });
});
