import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from '../../../test/factories';
import { signedInClient } from '../../../test/reviewing-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { queueJobEvent } from './webhooks.repository';
import { createWebhookPoller } from './webhook-poller';
import { publicOnlyLookup } from './webhook-request';

// WEBHOOK_ALLOW_PRIVATE is off here, as in production.
let t: TestApp;
let listener: Server;
let port = 0;
let connections = 0;
const poller = createWebhookPoller({ retryDelaysSeconds: [60] });

beforeAll(async () => {
  t = await createTestApp();
  // Any TCP connection at all counts: a refused delivery must not even connect.
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) =>
    listener.listen(0, '127.0.0.1', resolve),
  );
  const address = listener.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  poller.close();
  await new Promise((resolve) => listener.close(resolve));
  await t.close();
});

async function admin() {
  const company = await createCompany(t.db);
  const user = await createUser(t.db, { companies: [company.id] });
  const client = await signedInClient(t, user.id);
  return {
    company,
    client,
    base: `/api/companies/${company.shortname}/webhooks`,
  };
}

describe('registration', () => {
  it.each([
    ['http://hooks.example.com/x', 'The URL must start with https://.'],
    ['https://127.0.0.1/x', 'private'],
    ['https://localhost/x', 'private'],
    ['https://10.0.0.5/x', 'private'],
    ['https://192.168.1.20/x', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'private'],
    ['https://[::1]/x', 'private'],
    ['https://[fe80::1]/x', 'private'],
    ['https://[fd00::1]/x', 'private'],
    ['https://[::ffff:127.0.0.1]/x', 'private'],
    ['https://[::ffff:a9fe:a9fe]/x', 'private'],
    ['https://user:secret@hooks.example.com/x', 'user name or password'],
  ])('refuses %s with a 400 on the url', async (url, message) => {
    const { client, base } = await admin();
    const reply = await client.post(base, { url, events: ['job.published'] });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields.url[0]).toContain(message);
  });

  it('accepts an https URL on a public address', async () => {
    const { client, base } = await admin();
    const reply = await client.post(base, {
      url: 'https://93.184.216.34/hooks',
      events: ['job.published'],
    });
    expect(reply.statusCode, reply.body).toBe(201);
  });
});

describe('delivery', () => {
  it.each([
    // A name that pointed elsewhere when it was registered now resolves to loopback (rebinding).
    ['https://localhost:{port}/hook', /localhost resolves to a private/],
    ['https://127.0.0.1:{port}/hook', /127\.0\.0\.1 resolves to a private/],
    ['https://[::ffff:127.0.0.1]:{port}/hook', /resolves to a private/],
    // Registered while private addresses were allowed, then the setting was turned off.
    ['http://127.0.0.1:{port}/hook', /must start with https/],
  ])(
    'checks %s again at delivery, and never connects',
    async (pattern, error) => {
      const company = await createCompany(t.db);
      const endpoint = await t.db
        .insertInto('webhook_endpoints')
        .values({
          company_id: company.id,
          url: pattern.replace('{port}', String(port)),
          events: JSON.stringify(['job.published']),
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const job = await t.db
        .insertInto('jobs')
        .values({
          company_id: company.id,
          title: 'Rebound',
          shortcode: `rb${endpoint.id}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await queueJobEvent(t.db, {
        companyId: company.id,
        event: 'job.published',
        jobId: job.id,
      });
      expect(await poller.runOnce(t.ctx)).toBe(1);
      const delivery = await t.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'last_error', 'response_status'])
        .where('endpoint_id', '=', endpoint.id)
        .executeTakeFirstOrThrow();
      expect(delivery.status).toBe('pending');
      expect(delivery.response_status).toBeNull();
      expect(delivery.last_error).toMatch(error);
      expect(connections).toBe(0);
    },
  );

  it('refuses loopback in the lookup the socket uses, for one address or all', async () => {
    const lookup = (all: boolean) =>
      new Promise<unknown>((resolve) =>
        publicOnlyLookup('localhost', { all }, (error) => resolve(error)),
      );
    expect(String(await lookup(false))).toMatch(
      /private, loopback or link-local/,
    );
    expect(String(await lookup(true))).toMatch(
      /private, loopback or link-local/,
    );
  });
});
