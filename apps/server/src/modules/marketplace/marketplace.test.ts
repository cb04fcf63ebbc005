import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';

let t: TestApp;
let client: TestClient;
let acme: Awaited<ReturnType<typeof createCompany>>;
let other: Awaited<ReturnType<typeof createCompany>>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  acme = await createCompany(t.db, {
    marketplace_brand: 'acme-careers',
    name: 'Acme',
  });
  other = await createCompany(t.db);
  const user = await createUser(t.db, { companies: [acme.id] });
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

function multipart(
  fields: Record<string, string>,
  file?: { name: string; filename: string; data: Buffer },
) {
  const boundary = '----candor-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('marketplace listing', () => {
  it('updates the listing fields with JSON and records the listing', async () => {
    const job = await createJob(t.db, {
      company_id: acme.id,
      status: 'Published',
    });
    const reply = await client.post(`/api/jobs/${job.id}/marketplace`, {
      marketplace_title: 'Join our support team',
      marketplace_description: 'Friendly people',
      marketplace_details: 'Full time, Leeds',
      marketplace_featured: true,
      marketplace_order: 5,
      marketplace_public: true,
      marketplace_stock_image: 'office',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      marketplace_title: 'Join our support team',
      marketplace_featured: true,
      marketplace_order: 5,
      marketplace_public: true,
      marketplace_stock_image: 'office',
      marketplace_image: null,
    });
    const read = await client.get(`/api/jobs/${job.id}/marketplace`);
    expect(read.json()).toMatchObject({
      id: job.id,
      marketplace_title: 'Join our support team',
    });
    const activity = await t.db
      .selectFrom('activities')
      .select('verb')
      .where('job_id', '=', job.id)
      .execute();
    expect(activity.map((row) => row.verb)).toContain('marketplace.listed');
  });

  it('takes an image by multipart, checked by its bytes', async () => {
    const job = await createJob(t.db, { company_id: acme.id });
    const fake = multipart(
      { marketplace_public: 'true' },
      {
        name: 'marketplace_image',
        filename: 'x.png',
        data: Buffer.from('not an image'),
      },
    );
    const refused = await client.request(
      'POST',
      `/api/jobs/${job.id}/marketplace`,
      fake,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('marketplace_image');

    const good = multipart(
      { marketplace_order: '3' },
      { name: 'marketplace_image', filename: 'x.txt', data: PNG },
    );
    const reply = await client.request(
      'POST',
      `/api/jobs/${job.id}/marketplace`,
      good,
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json().marketplace_order).toBe(3);
    const image = await t.app.inject({
      method: 'GET',
      url: reply.json().marketplace_image,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it("answers 404 for another company's interview", async () => {
    const theirs = await createJob(t.db, { company_id: other.id });
    expect(
      (
        await client.post(`/api/jobs/${theirs.id}/marketplace`, {
          marketplace_public: true,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses an unknown stock image', async () => {
    const job = await createJob(t.db, { company_id: acme.id });
    const reply = await client.post(`/api/jobs/${job.id}/marketplace`, {
      marketplace_stock_image: 'nope',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields).toHaveProperty('marketplace_stock_image');
  });
});

describe('public marketplace', () => {
  it('shows only published, public interviews of that brand: featured apart, the rest by order', async () => {
    const brand = await createCompany(t.db, {
      marketplace_brand: 'northstar',
      marketplace_intro: 'Work with us',
    });
    const make = (title: string, values: Record<string, unknown>) =>
      createJob(t.db, {
        company_id: brand.id,
        title,
        status: 'Published',
        marketplace_public: true,
        ...values,
      });
    await make('Low', { marketplace_order: 1 });
    await make('High', { marketplace_order: 9 });
    await make('Star', { marketplace_featured: true, marketplace_order: 2 });
    await make('Hidden', { marketplace_public: false, marketplace_order: 50 });
    await make('Draft', { status: 'Draft', marketplace_order: 40 });
    await make('Archived', { status: 'Archived', marketplace_order: 30 });
    await createJob(t.db, {
      company_id: other.id,
      title: 'Elsewhere',
      status: 'Published',
      marketplace_public: true,
    });
    for (let index = 0; index < 6; index++)
      await make(`Filler ${index}`, { marketplace_order: -index - 1 });

    // No session: the marketplace is public.
    const reply = await t
      .client()
      .get(
        '/api/companies/northstar/marketplace?page=1&page_size=6&ordering=-marketplace_order',
      );
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.brand).toMatchObject({
      brand: 'northstar',
      name: brand.name,
      intro: 'Work with us',
    });
    expect(body.featured.map((job: { title: string }) => job.title)).toEqual([
      'Star',
    ]);
    expect(body.count).toBe(8);
    expect(body.results.map((job: { title: string }) => job.title)).toEqual([
      'High',
      'Low',
      'Filler 0',
      'Filler 1',
      'Filler 2',
      'Filler 3',
    ]);
    expect(body.next).toContain('page=2');
    expect(body.stock_images.length).toBeGreaterThan(0);
    const second = (
      await t
        .client()
        .get('/api/companies/northstar/marketplace?page=2&page_size=6')
    ).json();
    expect(second.results.map((job: { title: string }) => job.title)).toEqual([
      'Filler 4',
      'Filler 5',
    ]);

    // The company's shortname reaches the same page.
    expect(
      (
        await t.client().get(`/api/companies/${brand.shortname}/marketplace`)
      ).json().count,
    ).toBe(8);
    expect(
      (await t.client().get('/api/companies/no-such-brand/marketplace'))
        .statusCode,
    ).toBe(404);
  });

  it('serves the stock images', async () => {
    const svg = await t.client().get('/media/marketplace-stock/office.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(
      (await t.client().get('/media/marketplace-stock/nope.svg')).statusCode,
    ).toBe(404);
  });
});

describe('marketplace settings', () => {
  it('reads and saves the brand and intro, refusing a brand in use', async () => {
    expect(
      (await client.get('/api/marketplace/settings')).json(),
    ).toMatchObject({
      marketplace_brand: 'acme-careers',
      public_path: '/marketplace/acme-careers',
    });
    const saved = await client.post('/api/marketplace/settings', {
      marketplace_brand: 'Acme-Jobs',
      marketplace_intro: 'Hello',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      marketplace_brand: 'acme-jobs',
      marketplace_intro: 'Hello',
      public_path: '/marketplace/acme-jobs',
    });
    const taken = await client.post('/api/marketplace/settings', {
      marketplace_brand: other.shortname,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toHaveProperty('marketplace_brand');
    const bad = await client.post('/api/marketplace/settings', {
      marketplace_brand: 'no spaces!',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the company interviews with their marketplace fields for management', async () => {
    const list = (await client.get('/api/marketplace/jobs')).json();
    expect(list.count).toBeGreaterThan(0);
    expect(list.results[0]).toHaveProperty('marketplace_public');
    expect(
      list.results.every(
        (job: { company_name: string }) => job.company_name === 'Acme',
      ),
    ).toBe(true);
  });
});
