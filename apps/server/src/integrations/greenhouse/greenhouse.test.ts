import { GREENHOUSE_KEY_MAX_LENGTH } from '@candor/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCompany, createJob, createUser } from '../../../test/factories';
import { createOpenInterview } from '../../../test/interview-fixtures';
import { makeWebmRecording } from '../../../test/media-fixtures';
import { signedInClient } from '../../../test/reviewing-fixtures';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { answerQuestion } from '../../../test/tus-upload';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../test/webhook-receiver';
import { createOutboxPoller } from '../../platform/mail/outbox-poller';
import { createIntegrationCallbackPoller } from '../shared/integration-callback-poller';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;
let base: string;
let greenhouse: WebhookReceiver;
const callbacks = createIntegrationCallbackPoller({
  retryDelaysSeconds: [0, 0, 0],
  timeoutMs: 1000,
});

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({
    WEBHOOK_ALLOW_PRIVATE: 'true',
    SMTP_URL: smtp.url,
  });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  greenhouse = await startWebhookReceiver();
});
afterAll(async () => {
  callbacks.close();
  await greenhouse.close();
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  greenhouse.received.length = 0;
  greenhouse.respondWith(() => ({ status: 200, body: '' }));
});

/** Greenhouse's side of the document: HTTP Basic, the key as username and no password. */
function asGreenhouse(key: string) {
  const authorization = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  const call = async (
    method: 'GET' | 'POST',
    endpoint: string,
    body?: unknown,
  ) => {
    const response = await fetch(
      `${base}/api/integrations/greenhouse/${endpoint}`,
      {
        method,
        headers: {
          authorization,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    );
    return {
      status: response.status,
      headers: response.headers,
      json: (await response.json()) as Record<string, unknown> &
        Record<number, unknown>,
    };
  };
  return {
    listTests: () => call('GET', 'list_tests'),
    sendTest: (body: unknown) => call('POST', 'send_test', body),
    testStatus: (id: string) =>
      call('GET', `test_status?partner_interview_id=${encodeURIComponent(id)}`),
    responseError: (body: unknown) => call('POST', 'response_error', body),
  };
}

/** A company with a published one-question interview, its admin, and Greenhouse turned on. */
async function companyWithGreenhouse() {
  const { company, job, questionId } = await createOpenInterview(t.db, {
    questionCount: 1,
  });
  const admin = await createUser(t.db, { companies: [company.id] });
  const client = await signedInClient(t, admin.id);
  const settings = `/api/companies/${company.shortname}/integrations/greenhouse`;
  const created = await client.post(settings);
  expect(created.statusCode, created.body).toBe(201);
  const { key } = created.json() as { key: string };
  return { company, job, questionId, admin, client, settings, key };
}

const candidate = (n: number, application = 26234700 + n) => ({
  first_name: 'Harry',
  last_name: `Potter${n}`,
  phone_number: '123-456-7890',
  email: `hpotter${n}@hogwarts.test`,
  resume_url: 'https://hogwarts.test/resume',
  greenhouse_profile_url: `https://app.greenhouse.io/people/17681532?application_id=${application}`,
});

async function sendOutbox() {
  const outbox = createOutboxPoller();
  while ((await outbox.runOnce(t.ctx)) > 0);
  outbox.close();
}

async function drainCallbacks() {
  for (let round = 0; round < 20; round++)
    if ((await callbacks.runOnce(t.ctx)) === 0) return;
}

const applicantsOf = (jobId: number) =>
  t.db
    .selectFrom('applications')
    .select(['id', 'email', 'token', 'shortcode', 'invited_at', 'source'])
    .where('job_id', '=', jobId)
    .orderBy('id')
    .execute();

describe('the key', () => {
  it('is shown once, starts with cgh_, fits Greenhouse’s 170 characters, and only its start is shown again', async () => {
    const { client, settings, key } = await companyWithGreenhouse();
    expect(key).toMatch(/^cgh_[A-Za-z0-9_-]{43}$/);
    expect(key.length).toBeLessThanOrEqual(GREENHOUSE_KEY_MAX_LENGTH);
    const page = await client.get(settings);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      enabled: true,
      prefix: key.slice(0, 10),
      send_ratings: false,
    });
    expect(page.body).not.toContain(key);
    const stored = await t.db
      .selectFrom('integration_keys')
      .selectAll()
      .execute();
    expect(JSON.stringify(stored)).not.toContain(key);
  });

  it('a wrong, missing or revoked key is refused with 401 in Greenhouse’s error shape', async () => {
    const { client, settings, key } = await companyWithGreenhouse();
    expect((await asGreenhouse(key).listTests()).status).toBe(200);

    const wrong = await asGreenhouse(`${key}x`).listTests();
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(wrong.json).toEqual({
      errors: [expect.stringContaining('not valid')],
      message: expect.stringContaining('not valid'),
    });
    const none = await fetch(`${base}/api/integrations/greenhouse/list_tests`);
    expect(none.status).toBe(401);

    expect((await client.delete(settings)).statusCode).toBe(204);
    const revoked = await asGreenhouse(key).sendTest({
      partner_test_id: '1',
      candidate: candidate(1),
    });
    expect(revoked.status).toBe(401);
    expect((await client.get(settings)).json()).toMatchObject({
      enabled: false,
    });
  });

  it('a new key replaces the old one at once', async () => {
    const { client, settings, key } = await companyWithGreenhouse();
    const second = (await client.post(settings)).json() as { key: string };
    expect(second.key).not.toBe(key);
    expect((await asGreenhouse(key).listTests()).status).toBe(401);
    expect((await asGreenhouse(second.key).listTests()).status).toBe(200);
  });
});

describe('playing Greenhouse from its document', () => {
  it('lists the tests, sends one, receives the PATCH when the candidate submits, and test_status agrees', async () => {
    const { company, job, questionId, key, client, settings } =
      await companyWithGreenhouse();
    await createJob(t.db, {
      company_id: company.id,
      status: 'Draft',
      title: 'Draft interview',
    });
    const gh = asGreenhouse(key);

    const tests = await gh.listTests();
    expect(tests.status).toBe(200);
    // The published interview alone: the draft is no test Greenhouse can send.
    expect(tests.json).toEqual([
      { partner_test_id: String(job.id), partner_test_name: job.title },
    ]);

    const sent = await gh.sendTest({
      partner_test_id: String(job.id),
      candidate: candidate(1),
      url: `${new URL(greenhouse.url).origin}/integrations/testing_partners/take_home_tests/12345`,
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const id = sent.json.partner_interview_id as string;
    expect(typeof id).toBe('string');
    expect(Object.keys(sent.json)).toEqual(['partner_interview_id']);

    // Invited as the company's own invitation does: the job's e-mail with the personal link.
    await sendOutbox();
    const [applicant] = (await applicantsOf(job.id)).filter(
      (row) => row.email === 'hpotter1@hogwarts.test',
    );
    expect(applicant?.invited_at).not.toBeNull();
    expect(applicant?.source).toBe('greenhouse');
    const mails = smtp.to('hpotter1@hogwarts.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`/i/${applicant?.shortcode}`);

    // On the job page the interviewee is tagged as come from Greenhouse.
    const listed = await client.get(
      `/api/jobs/${job.id}/applications?status=AwaitingResponse`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = (
      listed.json() as { results: { id: number; ats: string | null }[] }
    ).results;
    expect(rows.find((row) => row.id === applicant?.id)?.ats).toBe(
      'greenhouse',
    );
    expect(
      rows.filter((row) => row.id !== applicant?.id).map((row) => row.ats),
    ).toEqual(rows.filter((row) => row.id !== applicant?.id).map(() => null));

    const before = await gh.testStatus(id);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({
      partner_status: 'sent',
      partner_profile_url: `${t.ctx.config.publicUrl}/interviews/${job.id}/interviewee/${applicant?.id}`,
      partner_score: null,
    });
    expect(JSON.stringify(before.json)).not.toContain(applicant?.token);
    expect(JSON.stringify(before.json)).not.toContain(
      `/i/${applicant?.shortcode}`,
    );

    // The candidate answers and submits.
    const token = applicant?.token ?? '';
    const consent = await t
      .client()
      .post(`/api/interviewee/${token}/consent`, { consent: true });
    expect(consent.statusCode, consent.body).toBe(200);
    const answered = await answerQuestion(
      t,
      token,
      questionId(0),
      makeWebmRecording({ seconds: 1, width: 320, height: 240 }),
    );
    expect(answered.statusCode, answered.body).toBe(200);

    await drainCallbacks();
    expect(greenhouse.received).toHaveLength(1);
    const patch = greenhouse.received[0];
    expect(patch?.method).toBe('PATCH');
    expect(patch?.path).toBe(
      '/integrations/testing_partners/take_home_tests/12345',
    );
    expect(patch?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
    );
    expect(JSON.parse(patch?.body ?? '{}')).toEqual({
      partner_interview_id: id,
      partner_status: 'complete',
    });

    const after = await gh.testStatus(id);
    expect(after.json).toMatchObject({ partner_status: 'complete' });
    const metadata = after.json.metadata as Record<string, unknown>;
    expect(typeof metadata['Completed At']).toBe('string');
    expect(Number.isNaN(Date.parse(String(metadata['Completed At'])))).toBe(
      false,
    );
    for (const value of Object.values(metadata))
      expect(['string', 'number', 'boolean']).toContain(
        value === null ? 'string' : typeof value,
      );

    // The admin sees Greenhouse's calls.
    const page = (await client.get(settings)).json() as {
      calls: { endpoint: string; status: number }[];
    };
    expect(page.calls.map((call) => call.endpoint)).toEqual([
      'test_status',
      'test_status',
      'send_test',
      'list_tests',
    ]);
    expect(page.calls.every((call) => call.status === 200)).toBe(true);
  });

  it('the same send_test twice, even at once, adds and invites the candidate once', async () => {
    const { job, key } = await companyWithGreenhouse();
    const gh = asGreenhouse(key);
    const body = {
      partner_test_id: String(job.id),
      candidate: candidate(2),
      url: `${greenhouse.url}/take_home_tests/2`,
    };
    const [first, second] = await Promise.all([
      gh.sendTest(body),
      gh.sendTest(body),
    ]);
    const third = await gh.sendTest(body);
    expect([first.status, second.status, third.status]).toEqual([
      200, 200, 200,
    ]);
    expect(second.json.partner_interview_id).toBe(
      first.json.partner_interview_id,
    );
    expect(third.json.partner_interview_id).toBe(
      first.json.partner_interview_id,
    );
    await sendOutbox();
    expect(
      (await applicantsOf(job.id)).filter(
        (row) => row.email === 'hpotter2@hogwarts.test',
      ),
    ).toHaveLength(1);
    expect(smtp.to('hpotter2@hogwarts.test')).toHaveLength(1);

    // Another Greenhouse application for the same person is another test.
    const other = await gh.sendTest({
      ...body,
      candidate: candidate(3, 99),
    });
    expect(other.status).toBe(200);
    expect(other.json.partner_interview_id).not.toBe(
      first.json.partner_interview_id,
    );
  });

  it('another company’s key sees none of it: its tests are not listed and their ids answer 404', async () => {
    const a = await companyWithGreenhouse();
    const b = await companyWithGreenhouse();
    const sent = await asGreenhouse(a.key).sendTest({
      partner_test_id: String(a.job.id),
      candidate: candidate(4),
    });
    expect(sent.status).toBe(200);
    const other = asGreenhouse(b.key);
    await expect(other.listTests()).resolves.toMatchObject({
      json: [{ partner_test_id: String(b.job.id) }],
    });
    const status = await other.testStatus(
      sent.json.partner_interview_id as string,
    );
    expect(status.status).toBe(404);
    expect(status.json).toEqual({
      errors: [expect.any(String)],
      message: expect.any(String),
    });
    const send = await other.sendTest({
      partner_test_id: String(a.job.id),
      candidate: candidate(5),
    });
    expect(send.status).toBe(404);
    expect(send.json.errors).toEqual([
      expect.stringContaining('partner_test_id'),
    ]);
  });

  it('a deleted candidate’s test answers 404, as a test that does not exist', async () => {
    const { job, key } = await companyWithGreenhouse();
    const gh = asGreenhouse(key);
    const sent = await gh.sendTest({
      partner_test_id: String(job.id),
      candidate: candidate(6),
    });
    const id = sent.json.partner_interview_id as string;
    expect((await gh.testStatus(id)).status).toBe(200);
    await t.db
      .deleteFrom('applications')
      .where('email', '=', 'hpotter6@hogwarts.test')
      .execute();
    const gone = await gh.testStatus(id);
    expect(gone.status).toBe(404);
    expect(gone.json.errors).toEqual([
      expect.stringContaining('partner_interview_id'),
    ]);
    expect((await gh.testStatus('no-such-test')).status).toBe(404);
  });

  it('refuses a malformed body with 400, and an unpublished or archived interview with a message', async () => {
    const { company, key } = await companyWithGreenhouse();
    const gh = asGreenhouse(key);
    const bad = await gh.sendTest({
      partner_test_id: '1',
      candidate: { ...candidate(7), email: 'not an e-mail' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([
      expect.stringContaining('candidate.email'),
    ]);
    const notJson = await fetch(
      `${base}/api/integrations/greenhouse/send_test`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: '{"partner_test_id":',
      },
    );
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      errors: [expect.any(String)],
      message: expect.any(String),
    });

    for (const status of ['Draft', 'Archived'] as const) {
      const job = await createJob(t.db, {
        company_id: company.id,
        status,
        title: `${status} one`,
      });
      const refused = await gh.sendTest({
        partner_test_id: String(job.id),
        candidate: candidate(8),
      });
      expect(refused.status).toBe(409);
      expect(refused.json.errors).toEqual([
        expect.stringContaining(
          status === 'Draft' ? 'not published' : 'archived',
        ),
      ]);
      expect(await applicantsOf(job.id)).toEqual([]);
    }
  });

  it('sends the panel’s average rating only when the company chooses to', async () => {
    const { job, key, client, settings } = await companyWithGreenhouse();
    const gh = asGreenhouse(key);
    const sent = await gh.sendTest({
      partner_test_id: String(job.id),
      candidate: candidate(9),
    });
    const id = sent.json.partner_interview_id as string;
    await t.db
      .updateTable('applications')
      .set({ review_average: 4.5, review_count: 2 })
      .where('email', '=', 'hpotter9@hogwarts.test')
      .execute();
    expect((await gh.testStatus(id)).json.partner_score).toBeNull();
    const chosen = await client.patch(settings, { send_ratings: true });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ send_ratings: true });
    expect((await gh.testStatus(id)).json.partner_score).toBe(4.5);
  });

  it('acknowledges response_error as the document shows', async () => {
    const { key } = await companyWithGreenhouse();
    const reply = await asGreenhouse(key).responseError({
      api_call: 'test_status',
      errors: [
        "partner_status is 'complete' but partner_profile url is missing",
      ],
      partner_test_id: 12345,
      partner_test_name: 'Personality Test',
      partner_interview_id: 299506,
      candidate_email: 'hpotter@hogwarts.edu',
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: 200 });
  });
});

describe('the callback', () => {
  it('is retried after a failure, and refused for a private address when private addresses are not allowed', async () => {
    const { job, key, questionId } = await companyWithGreenhouse();
    const gh = asGreenhouse(key);
    await gh.sendTest({
      partner_test_id: String(job.id),
      candidate: candidate(10),
      url: `${greenhouse.url}/take_home_tests/10`,
    });
    const [applicant] = (await applicantsOf(job.id)).filter(
      (row) => row.email === 'hpotter10@hogwarts.test',
    );
    const token = applicant?.token ?? '';
    await t
      .client()
      .post(`/api/interviewee/${token}/consent`, { consent: true });
    let calls = 0;
    greenhouse.respondWith(() => ({ status: ++calls === 1 ? 503 : 200 }));
    expect(
      (
        await answerQuestion(
          t,
          token,
          questionId(0),
          makeWebmRecording({ seconds: 1, width: 320, height: 240 }),
        )
      ).statusCode,
    ).toBe(200);
    await drainCallbacks();
    expect(greenhouse.received.map((hook) => hook.method)).toEqual([
      'PATCH',
      'PATCH',
    ]);
    const delivered = await t.db
      .selectFrom('integration_callbacks')
      .select(['status', 'attempts'])
      .where('application_id', '=', applicant?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(delivered).toEqual({ status: 'delivered', attempts: 2 });

    // In production (WEBHOOK_ALLOW_PRIVATE unset), loopback is refused before any connection.
    greenhouse.received.length = 0;
    await t.db
      .updateTable('integration_callbacks')
      .set({ status: 'pending', attempts: 0 })
      .where('application_id', '=', applicant?.id ?? 0)
      .execute();
    const production = {
      ...t.ctx,
      config: { ...t.ctx.config, webhookAllowPrivate: false },
    };
    const strict = createIntegrationCallbackPoller({ retryDelaysSeconds: [] });
    await strict.runOnce(production);
    strict.close();
    expect(greenhouse.received).toEqual([]);
    const refused = await t.db
      .selectFrom('integration_callbacks')
      .select(['status', 'last_error'])
      .where('application_id', '=', applicant?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(refused.status).toBe('failed');
    expect(refused.last_error).toMatch(/private|loopback|https/);
  });
});

describe('the company side', () => {
  it('is for admins: a member gets 403, another company 404', async () => {
    const { company, settings } = await companyWithGreenhouse();
    const member = await createUser(t.db, {
      companies: [company.id],
      role: 'member',
    });
    const memberClient = await signedInClient(t, member.id);
    expect((await memberClient.post(settings)).statusCode).toBe(403);
    const stranger = await createUser(t.db, {
      companies: [(await createCompany(t.db)).id],
    });
    const strangerClient = await signedInClient(t, stranger.id);
    expect((await strangerClient.get(settings)).statusCode).toBe(404);
  });
});
