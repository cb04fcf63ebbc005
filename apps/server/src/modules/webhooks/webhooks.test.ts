import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
} from '../../../test/factories';
import { createOpenInterview } from '../../../test/interview-fixtures';
import { makeWebmRecording } from '../../../test/media-fixtures';
import { signedInClient } from '../../../test/reviewing-fixtures';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { answerQuestion } from '../../../test/tus-upload';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../test/webhook-receiver';
import { createOutboxPoller } from '../../platform/mail/outbox-poller';
import { createWebhookLogPruner } from './delivery-log-pruner';
import { createWebhookPoller, DISABLED_AFTER_A_DAY } from './webhook-poller';

const REFUSED = 'nobody@refused.test';
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;
let receiver: WebhookReceiver;
// Retries at once and a short timeout, so the tests need not wait out the real schedule.
const poller = createWebhookPoller({
  retryDelaysSeconds: [0, 0, 0, 0, 0, 0],
  timeoutMs: 500,
});

beforeAll(async () => {
  smtp = await startSmtpCapture({ refuse: [REFUSED] });
  t = await createTestApp({
    WEBHOOK_ALLOW_PRIVATE: 'true',
    SMTP_URL: smtp.url,
  });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  poller.close();
  await receiver.close();
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.respondWith(() => ({ status: 200, body: 'ok' }));
});

/** Runs the webhook poller until nothing is due, as the worker loop would. */
async function drain(rounds = 50) {
  for (let round = 0; round < rounds; round++)
    if ((await poller.runOnce(t.ctx)) === 0) return;
}

/** A company with its admin signed in, a draft interview with one question, and an endpoint. */
async function companyWithEndpoint(events: string[] = ALL_EVENTS) {
  const company = await createCompany(t.db);
  const admin = await createUser(t.db, { companies: [company.id] });
  const client = await signedInClient(t, admin.id);
  const base = `/api/companies/${company.shortname}/webhooks`;
  const created = await client.post(base, {
    url: receiver.url,
    events,
    description: 'Our ATS',
  });
  expect(created.statusCode, created.body).toBe(201);
  const endpoint = created.json() as { id: number; secret: string };
  const job = await createJob(t.db, {
    company_id: company.id,
    created_by: admin.id,
    status: 'Published',
    published_at: new Date(),
  });
  return { company, admin, client, base, endpoint, job };
}

const ALL_EVENTS = [
  'application.created',
  'application.invited',
  'application.invitation_failed',
  'application.started',
  'application.completed',
  'application.declined',
  'application.reviewed',
  'application.shortlisted',
  'application.rejected',
  'job.published',
  'job.archived',
];

type Payload = {
  type: string;
  timestamp: string;
  data: { id: number; object: string };
};

/** The hooks received, each verified with the endpoint's secret by the library's verifier. */
function verifiedPayloads(secret: string): Payload[] {
  const verifier = new Webhook(secret);
  return receiver.received.map(
    (hook) =>
      verifier.verify(
        hook.body,
        hook.headers as Record<string, string>,
      ) as Payload,
  );
}

const addApplicant = async (client: TestClient, jobId: number, n: number) => {
  const reply = await client.post(`/api/jobs/${jobId}/applications`, {
    user: {
      first_name: 'Ada',
      last_name: `Lovelace${n}`,
      email: `ada${n}.${jobId}@example.test`,
    },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return (reply.json() as { ids: number[] }).ids[0] as number;
};

/** As if every answer were in: what shortlisting and rejecting need. */
const markResponded = (id: number) =>
  t.db
    .updateTable('applications')
    .set({ responded_at: new Date(), answer_count: 1 })
    .where('id', '=', id)
    .execute();

describe('webhook endpoints', () => {
  it('registers an endpoint with a Standard Webhooks secret, shown to admins only in its detail', async () => {
    const { client, base, endpoint } = await companyWithEndpoint();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = await client.get(base);
    expect(list.statusCode).toBe(200);
    const [row] = list.json().results;
    expect(row).toMatchObject({
      id: endpoint.id,
      url: receiver.url,
      enabled: true,
      via_api: false,
    });
    expect(row).not.toHaveProperty('secret');
    expect((await client.get(`${base}/${endpoint.id}`)).json().secret).toBe(
      endpoint.secret,
    );
  });

  it('refuses what it cannot use with a clear 400', async () => {
    const { client, base } = await companyWithEndpoint();
    const cases = [
      [{ url: 'not a url', events: ['job.published'] }, 'url'],
      [{ url: 'ftp://example.com/x', events: ['job.published'] }, 'url'],
      [{ url: receiver.url, events: [] }, 'events'],
      [{ url: receiver.url, events: ['application.rated'] }, 'events'],
    ] as const;
    for (const [body, field] of cases) {
      const reply = await client.post(base, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        Object.keys(reply.json().fields ?? {}).some((key) =>
          key.startsWith(field),
        ),
      ).toBe(true);
      expect(reply.json().message).toBeTruthy();
    }
  });

  it('keeps another company out: its admin gets 404 for every endpoint, log and redelivery', async () => {
    const a = await companyWithEndpoint(['job.published']);
    const other = await createCompany(t.db);
    const intruder = await createUser(t.db, { companies: [other.id] });
    const client = await signedInClient(t, intruder.id);
    const theirs = `/api/companies/${other.shortname}/webhooks/${a.endpoint.id}`;
    expect((await client.get(a.base)).statusCode).toBe(404);
    expect((await client.get(theirs)).statusCode).toBe(404);
    expect((await client.patch(theirs, { enabled: false })).statusCode).toBe(
      404,
    );
    expect((await client.delete(theirs)).statusCode).toBe(404);
    expect((await client.get(`${theirs}/deliveries`)).statusCode).toBe(404);
    expect(
      (await client.post(`${theirs}/deliveries/1/redeliver`)).statusCode,
    ).toBe(404);
    expect(
      (await client.get(`/api/companies/${other.shortname}/webhooks`)).json(),
    ).toEqual({ results: [] });
    // Still there, still on.
    expect(
      (await a.client.get(`${a.base}/${a.endpoint.id}`)).json().enabled,
    ).toBe(true);
  });
});

describe('events', () => {
  it('sends each event once per change, signed so the standardwebhooks verifier accepts it', async () => {
    const { client, job, endpoint, company } = await companyWithEndpoint();
    const first = await addApplicant(client, job.id, 1);
    const second = await addApplicant(client, job.id, 2);
    expect(
      (
        await client.post(
          `/api/jobs/${job.id}/applications/${first}/invite`,
          {},
        )
      ).statusCode,
    ).toBe(200);
    await markResponded(first);
    await markResponded(second);
    for (const action of ['reviewed', 'reviewed', 'shortlist']) {
      const reply = await client.post(
        `/api/jobs/${job.id}/applications/${first}/${action}`,
      );
      expect(reply.statusCode, `${action} ${reply.body}`).toBe(200);
    }
    expect(
      (await client.post(`/api/jobs/${job.id}/applications/${second}/reviewed`))
        .statusCode,
    ).toBe(200);
    expect(
      (await client.post(`/api/jobs/${job.id}/applications/${second}/reject`))
        .statusCode,
    ).toBe(200);
    expect((await client.post(`/api/jobs/${job.id}/archive`)).statusCode).toBe(
      200,
    );
    await drain();

    const payloads = verifiedPayloads(endpoint.secret);
    expect(payloads.map((p) => `${p.type} ${p.data.id}`).sort()).toEqual(
      [
        `application.created ${first}`,
        `application.created ${second}`,
        `application.invited ${first}`,
        `application.shortlisted ${first}`,
        // The second completion by the same person changes nothing and sends nothing.
        `application.reviewed ${first}`,
        `application.reviewed ${second}`,
        `application.rejected ${second}`,
        `job.archived ${job.id}`,
      ].sort(),
    );
    const invited = payloads.find((p) => p.type === 'application.invited');
    expect(invited?.data).toMatchObject({
      object: 'application',
      id: first,
      job: { id: job.id, title: job.title },
      email: `ada1.${job.id}@example.test`,
    });
    expect(Date.parse(invited?.timestamp ?? '')).not.toBeNaN();
    // Each message carries its own id, and the receiver saw each once.
    const ids = receiver.received.map((hook) => hook.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    // Nothing left to send, nothing sent twice by another round.
    await drain();
    expect(receiver.received).toHaveLength(8);
    const rows = await t.db
      .selectFrom('webhook_deliveries')
      .select(['status'])
      .where('company_id', '=', company.id)
      .execute();
    expect(rows.every((row) => row.status === 'delivered')).toBe(true);
  });

  it('publishing, declining, starting and completing an interview each send their event', async () => {
    const { company, application, questionId, job } = await createOpenInterview(
      t.db,
      { questionCount: 1 },
    );
    const admin = await createUser(t.db, { companies: [company.id] });
    const client = await signedInClient(t, admin.id);
    const created = await client.post(
      `/api/companies/${company.shortname}/webhooks`,
      {
        url: receiver.url,
        events: ALL_EVENTS,
      },
    );
    const { secret } = created.json() as { secret: string };
    const draft = await createJob(t.db, {
      company_id: company.id,
      title: 'Draft',
    });
    await t.db
      .insertInto('questions')
      .values({
        job_id: draft.id,
        text: 'Why?',
        thinking_time: 15,
        time_limit: 60,
        order: 0,
      })
      .execute();
    expect(
      (await client.post(`/api/jobs/${draft.id}/publish`)).statusCode,
    ).toBe(200);

    const recording = makeWebmRecording({
      seconds: 1,
      width: 320,
      height: 240,
    });
    const answered = await answerQuestion(
      t,
      application.token,
      questionId(0),
      recording,
    );
    expect(answered.statusCode, answered.body).toBe(200);

    const leaving = await createApplication(t.db, {
      job_id: job.id,
      invited_at: new Date(),
    });
    expect(
      (
        await t.client().post(`/api/interviewee/${leaving.token}/decline`, {
          reason: 'Found a job',
        })
      ).statusCode,
    ).toBeLessThan(300);
    await drain();

    const sent = verifiedPayloads(secret).map((p) => `${p.type} ${p.data.id}`);
    expect([...sent].sort()).toEqual(
      [
        `job.published ${draft.id}`,
        `application.started ${application.id}`,
        `application.completed ${application.id}`,
        `application.declined ${leaving.id}`,
      ].sort(),
    );
    // In order for the one application.
    expect(sent.indexOf(`application.started ${application.id}`)).toBeLessThan(
      sent.indexOf(`application.completed ${application.id}`),
    );
  });

  it('invite_all sends one event per application, and an undeliverable invitation sends invitation_failed', async () => {
    const { client, job, endpoint } = await companyWithEndpoint([
      'application.invited',
      'application.invitation_failed',
    ]);
    const ids: number[] = [];
    for (let n = 0; n < 5; n++)
      ids.push(await addApplicant(client, job.id, 10 + n));
    const failing = await createApplication(t.db, {
      job_id: job.id,
      email: REFUSED,
    });
    ids.push(failing.id);
    const reply = await client.post(`/api/jobs/${job.id}/invite_all`, {});
    expect(reply.statusCode, reply.body).toBe(200);
    const outbox = createOutboxPoller();
    while ((await outbox.runOnce(t.ctx)) > 0);
    outbox.close();
    await drain();

    const payloads = verifiedPayloads(endpoint.secret);
    expect(
      payloads
        .filter((p) => p.type === 'application.invited')
        .map((p) => p.data.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(
      payloads
        .filter((p) => p.type === 'application.invitation_failed')
        .map((p) => p.data.id),
    ).toEqual([failing.id]);
  });
});

describe('delivery', () => {
  it('retries after 500s and timeouts, and keeps each application in order', async () => {
    const { client, job, endpoint, base } = await companyWithEndpoint();
    const id = await addApplicant(client, job.id, 20);
    await client.post(`/api/jobs/${job.id}/applications/${id}/invite`, {});
    await markResponded(id);
    await client.post(`/api/jobs/${job.id}/applications/${id}/reviewed`);
    const shortlisted = await client.post(
      `/api/jobs/${job.id}/applications/${id}/shortlist`,
    );
    expect(shortlisted.statusCode, shortlisted.body).toBe(200);
    let calls = 0;
    // created: 500, then too slow, then fine; the later events wait behind it.
    receiver.respondWith(() => {
      calls++;
      if (calls === 1) return { status: 500, body: 'boom' };
      if (calls === 2) return { status: 200, delayMs: 1500 };
      return { status: 204 };
    });
    await drain();
    const types = verifiedPayloads(endpoint.secret).map((p) => p.type);
    expect(types).toEqual([
      'application.created',
      'application.created',
      'application.created',
      'application.invited',
      'application.reviewed',
      'application.shortlisted',
    ]);
    const log = (await client.get(`${base}/${endpoint.id}/deliveries`)).json();
    const created = log.results.find(
      (row: { event: string }) => row.event === 'application.created',
    );
    expect(created).toMatchObject({
      status: 'delivered',
      attempts: 3,
      response_status: 204,
      last_error: null,
    });
  });

  it('keeps events while the receiver is down and delivers them once it is up', async () => {
    const { client, job, endpoint, base } = await companyWithEndpoint();
    await receiver.stop();
    const ids = [
      await addApplicant(client, job.id, 30),
      await addApplicant(client, job.id, 31),
    ];
    await poller.runOnce(t.ctx);
    const log = (await client.get(`${base}/${endpoint.id}/deliveries`)).json();
    expect(log.results.map((row: { status: string }) => row.status)).toEqual([
      'pending',
      'pending',
    ]);
    expect(log.results[0].last_error).toMatch(/ECONNREFUSED/);
    expect(
      (await client.get(`${base}/${endpoint.id}`)).json().failing_since,
    ).not.toBeNull();
    await receiver.start();
    await drain();
    expect(
      verifiedPayloads(endpoint.secret)
        .map((p) => p.data.id)
        .sort(),
    ).toEqual(ids.sort());
    expect(
      (await client.get(`${base}/${endpoint.id}`)).json().failing_since,
    ).toBeNull();
  });

  it('logs status, time, code and a body excerpt, and redelivers the same message', async () => {
    const { client, job, endpoint, base } = await companyWithEndpoint([
      'application.created',
    ]);
    receiver.respondWith(() => ({ status: 200, body: 'x'.repeat(10_000) }));
    await addApplicant(client, job.id, 40);
    await drain();
    const log = (await client.get(`${base}/${endpoint.id}/deliveries`)).json();
    expect(log.count).toBe(1);
    const [line] = log.results;
    expect(line).toMatchObject({
      status: 'delivered',
      response_status: 200,
      attempts: 1,
    });
    expect(line.response_ms).toBeGreaterThanOrEqual(0);
    expect(line.response_excerpt).toHaveLength(4096);
    expect(JSON.parse(line.payload).type).toBe('application.created');

    const again = await client.post(
      `${base}/${endpoint.id}/deliveries/${line.id}/redeliver`,
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({
      status: 'pending',
      message_id: line.message_id,
    });
    await drain();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(line.message_id);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
  });

  it('does not follow a redirect', async () => {
    const target = await startWebhookReceiver();
    const { client, job, endpoint, base } = await companyWithEndpoint([
      'application.created',
    ]);
    receiver.respondWith(() => ({
      status: 307,
      headers: { location: target.url },
    }));
    await addApplicant(client, job.id, 50);
    await poller.runOnce(t.ctx);
    const [line] = (
      await client.get(`${base}/${endpoint.id}/deliveries`)
    ).json().results;
    expect(line).toMatchObject({ status: 'pending', response_status: 307 });
    expect(line.last_error).toMatch(/Redirect/);
    expect(target.received).toHaveLength(0);
    await target.close();
    receiver.respondWith(() => ({ status: 200 }));
    await drain();
  });

  it('switches off an endpoint that has failed for a day and e-mails the company admins', async () => {
    const { client, job, endpoint, base, admin, company } =
      await companyWithEndpoint(['application.created']);
    await t.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: sql<Date>`now() - interval '25 hours'` })
      .where('id', '=', endpoint.id)
      .execute();
    receiver.respondWith(() => ({ status: 503 }));
    await addApplicant(client, job.id, 60);
    await poller.runOnce(t.ctx);
    const detail = (await client.get(`${base}/${endpoint.id}`)).json();
    expect(detail).toMatchObject({
      enabled: false,
      disabled_reason: DISABLED_AFTER_A_DAY,
    });
    const mail = await t.db
      .selectFrom('outbox')
      .select(['to_email', 'subject', 'text'])
      .where('company_id', '=', company.id)
      .where('kind', '=', 'webhook-disabled')
      .execute();
    expect(mail).toEqual([
      expect.objectContaining({
        to_email: admin.email,
        subject: 'A webhook endpoint has been switched off',
      }),
    ]);
    expect(mail[0]?.text).toContain(receiver.url);
    // Switched off, it is sent nothing; switched on, what waited goes out.
    receiver.respondWith(() => ({ status: 200 }));
    await drain();
    expect(receiver.received).toHaveLength(1);
    const on = await client.patch(`${base}/${endpoint.id}`, { enabled: true });
    expect(on.json()).toMatchObject({
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    });
    await drain();
    expect(receiver.received).toHaveLength(2);
  });
});

describe('the delivery log', () => {
  it('keeps 30 days of finished deliveries, and every event still to deliver', async () => {
    const { endpoint, company } = await companyWithEndpoint();
    const delivery = (
      status: 'delivered' | 'failed' | 'pending',
      daysAgo: number,
    ) =>
      t.db
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: endpoint.id,
          company_id: company.id,
          event: 'job.published',
          order_key: `job:${daysAgo}`,
          message_id: `msg_${status}_${daysAgo}`,
          payload: '{}',
          status,
          created_at: new Date(Date.now() - daysAgo * 86_400_000),
        })
        .execute();
    await delivery('delivered', 31);
    await delivery('failed', 31);
    await delivery('pending', 31);
    await delivery('delivered', 29);
    expect(await createWebhookLogPruner().runOnce(t.ctx)).toBe(2);
    const left = await t.db
      .selectFrom('webhook_deliveries')
      .select('message_id')
      .where('endpoint_id', '=', endpoint.id)
      .orderBy('message_id')
      .execute();
    expect(left.map((row) => row.message_id)).toEqual([
      'msg_delivered_29',
      'msg_pending_31',
    ]);
  });
});

describe('erasure', () => {
  it('deletes the deliveries of an erased interviewee, whose payloads hold their name and address', async () => {
    const { client, job, endpoint, base } = await companyWithEndpoint([
      'application.created',
    ]);
    const erased = await addApplicant(client, job.id, 70);
    const kept = await addApplicant(client, job.id, 71);
    await drain();
    // The one interviewee the dashboard lets a company delete: an undelivered invitation.
    await t.db
      .updateTable('applications')
      .set({ invitation_failed: true })
      .where('id', '=', erased)
      .execute();
    const gone = await client.delete(
      `/api/jobs/${job.id}/applications/${erased}`,
    );
    expect(gone.statusCode, gone.body).toBe(204);
    const log = (await client.get(`${base}/${endpoint.id}/deliveries`)).json();
    expect(
      log.results.map(
        (row: { payload: string }) => JSON.parse(row.payload).data.id,
      ),
    ).toEqual([kept]);
  });
});

describe('REST hooks with an API key', () => {
  it('subscribes and unsubscribes with a write key; a read key is refused', async () => {
    const company = await createCompany(t.db);
    const admin = await createUser(t.db, { companies: [company.id] });
    const client = await signedInClient(t, admin.id);
    const keyOf = async (scope: 'read' | 'write') => {
      const reply = await client.post(
        `/api/companies/${company.shortname}/api-keys`,
        {
          name: `Zapier ${scope}`,
          scope,
        },
      );
      expect(reply.statusCode, reply.body).toBe(201);
      return { authorization: `Bearer ${reply.json().secret as string}` };
    };
    const write = await keyOf('write');
    const read = await keyOf('read');
    const base = `/api/companies/${company.shortname}/webhooks`;
    const body = { url: receiver.url, events: ['application.completed'] };
    const refused = await t.app.inject({
      method: 'POST',
      url: base,
      headers: read,
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    const subscribed = await t.app.inject({
      method: 'POST',
      url: base,
      headers: write,
      payload: body,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    expect(subscribed.json()).toMatchObject({
      via_api: true,
      secret: expect.stringMatching(/^whsec_/),
    });
    // A key cannot read the log or the list: those are the admins' pages.
    expect(
      (await t.app.inject({ method: 'GET', url: base, headers: write }))
        .statusCode,
    ).toBe(403);
    const other = await createCompany(t.db);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${other.shortname}/webhooks`,
      headers: write,
      payload: body,
    });
    expect(elsewhere.statusCode).toBe(404);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${base}/${subscribed.json().id as number}`,
      headers: write,
    });
    expect(gone.statusCode).toBe(204);
    expect((await client.get(base)).json().results).toEqual([]);
  });
});
