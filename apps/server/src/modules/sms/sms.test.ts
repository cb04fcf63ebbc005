import { SMS_REFUSALS, splitSms, type SmsText } from '@candor/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { startSmppOperator } from '../../../test/smpp-operator';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { loadConfig } from '../../config';
import { createCandidateReminderPoller } from '../reminders/candidate-reminder-poller';
import { createSmppGateway, type SmppClient } from './smpp-gateway';
import { createSmsPoller, type SmsPoller } from './sms-poller';
import { claimDueTexts, confirmTextClaim } from './sms.repository';

const DAY = 24 * 3_600_000;
let operator: Awaited<ReturnType<typeof startSmppOperator>>;
let t: TestApp;
let admin: TestClient;
let companyId: number;
let poller: SmsPoller;
const logs: string[] = [];

const settings = {
  name: 'Acme',
  support_email: '',
  account_message: '',
  account_message_style: 0,
};

beforeAll(async () => {
  operator = await startSmppOperator({
    systemId: 'candor',
    password: 's3cret',
  });
  t = await createTestApp({ SMS_SMPP_URL: operator.url() });
  const company = await createCompany(t.db, { name: 'Acme' });
  companyId = company.id;
  const user = await createUser(t.db, { companies: [company.id] });
  admin = t.client();
  await admin.signIn(user.email, TEST_PASSWORD);
  // An endpoint that takes the texts' webhooks (its URL is never called: no worker here).
  await t.db
    .insertInto('webhook_endpoints')
    .values({
      company_id: company.id,
      url: 'https://hooks.example.test/texts',
      events: JSON.stringify(['sms.delivered', 'sms.failed']),
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    })
    .execute();
  poller = createSmsPoller({
    log: (message) => logs.push(message),
    batch: 2,
    smpp: { reconnectMaxMs: 300, responseTimeoutMs: 5000 },
  });
});
afterAll(async () => {
  await poller.close();
  await t.close();
  await operator.stop();
});

async function turnTextsOn(extra: Record<string, unknown> = {}) {
  const response = await admin.post('/api/settings', {
    ...settings,
    sms_enabled: true,
    sms_sender_name: 'Acme Jobs',
    sms_default_country: 'GB',
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Record<string, unknown>;
}

/** Runs the SMS poller until nothing is due, as the worker loop would. */
async function drain() {
  while ((await poller.runOnce(t.ctx)) > 0);
}

async function bound() {
  await (poller.connect(t.ctx) as SmppClient).whenBound();
}

async function textsOf(jobId: number, applicationId: number) {
  const response = await admin.get(
    `/api/jobs/${jobId}/applications/${applicationId}/texts`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SmsText[];
}

async function eventually(check: () => Promise<boolean>) {
  const until = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The activity verb and webhook event of each text outcome of these applications. */
async function outcomesOf(applicationIds: number[]) {
  const [lines, hooks] = await Promise.all([
    t.db
      .selectFrom('activities')
      .select(['application_id', 'verb'])
      .where('application_id', 'in', applicationIds)
      .where('verb', 'like', 'application.text_%')
      .orderBy('application_id')
      .execute(),
    t.db
      .selectFrom('webhook_deliveries')
      .select(['application_id', 'event'])
      .where('application_id', 'in', applicationIds)
      .orderBy('application_id')
      .execute(),
  ]);
  return lines.map((line, index) => [
    line.application_id,
    line.verb,
    hooks[index]?.event,
  ]);
}

async function publishedJob(title = 'Support Lead') {
  return createJob(t.db, {
    company_id: companyId,
    status: 'Published',
    title,
    deadline: new Date(Date.now() + 5 * DAY),
    applicant_deadline_days: null,
  });
}

describe('turning texts on', () => {
  it('is for admins: a member is refused, an admin saves sender, country and cap', async () => {
    const member = await createUser(t.db, {
      companies: [companyId],
      role: 'member',
    });
    const client = t.client();
    await client.signIn(member.email, TEST_PASSWORD);
    const refused = await client.post('/api/settings', {
      ...settings,
      sms_enabled: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Only an admin can change the text message settings.',
    );
    // The other settings stay a member's to save.
    expect((await client.post('/api/settings', settings)).statusCode).toBe(200);

    const saved = await turnTextsOn({ sms_daily_cap: 500 });
    // The signed-in user's company says so too (the add dialogs offer the phone column).
    expect(
      (await admin.get('/api/user')).json().current_company.sms_enabled,
    ).toBe(true);
    expect(saved).toMatchObject({
      sms_enabled: true,
      sms_sender_name: 'Acme Jobs',
      sms_default_country: 'GB',
      sms_daily_cap: 500,
    });
    const bad = await admin.post('/api/settings', {
      ...settings,
      sms_sender_name: 'A sender far too long',
    });
    expect(bad.statusCode).toBe(400);
    await turnTextsOn({ sms_daily_cap: 1000 });
  });
});

describe('texts through the SMPP operator', () => {
  it('adds by list with a row error for a bad number, invites all, texts two with the link in the right encoding, and receipts make them delivered', async () => {
    await turnTextsOn();
    const job = await publishedJob();
    const rows = (phone: string) => [
      {
        row: 1,
        user: {
          first_name: 'Anna',
          last_name: 'Smith',
          email: 'anna@example.test',
          phone: '07911 123456',
        },
      },
      {
        row: 2,
        user: {
          first_name: 'Bob',
          last_name: 'Jones',
          email: 'bob@example.test',
          phone,
        },
      },
      {
        row: 3,
        user: {
          first_name: 'Zoë',
          last_name: 'Lefèvre',
          email: 'zoe@example.test',
          phone: '+33 6 12 34 56 78',
        },
      },
    ];
    const refused = await admin.post(
      `/api/jobs/${job.id}/applications`,
      rows('12345'),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        row: 2,
        user: { phone: ['Enter a phone number with its country code'] },
      },
    ]);
    const added = await admin.post(
      `/api/jobs/${job.id}/applications`,
      rows(''),
    );
    expect(added.statusCode, added.body).toBe(201);
    const [annaId, , zoeId] = added.json().ids as number[];
    const anna = (
      await admin.get(`/api/jobs/${job.id}/applications/${annaId}`)
    ).json();
    expect(anna.user.phone).toBe('+447911123456');

    expect(
      (await admin.post(`/api/jobs/${job.id}/invite_all`, {})).json(),
    ).toEqual({ queued: 3, skipped: 0 });
    await bound();
    await drain();

    const texts = operator.texts();
    expect(texts.map((text) => text.to).sort()).toEqual([
      '33612345678',
      '447911123456',
    ]);
    const toAnna = texts.find((text) => text.to === '447911123456');
    const toZoe = texts.find((text) => text.to === '33612345678');
    expect(toAnna?.dataCoding).toBe(0x00);
    expect(toAnna?.text).toContain('Acme: Hi Anna, you are invited');
    expect(anna.interview_url).toMatch(/^http:\/\/localhost:3000\/i\/\w+$/);
    expect(toAnna?.text).toContain(`${anna.interview_url}\n`);
    expect(toZoe?.dataCoding).toBe(0x08);
    expect(toZoe?.text).toContain('Acme: Hi Zoë, you are invited');
    expect(operator.parts.every((part) => part.from === 'Acme Jobs')).toBe(
      true,
    );

    const [annaText] = await textsOf(job.id, annaId ?? 0);
    expect(annaText).toMatchObject({
      kind: 'invitation',
      to: '+447911123456',
      status: 'sent',
      reason: '',
    });
    expect(annaText?.body).toBe(toAnna?.text);

    for (const text of texts) await operator.receipt(text.ids[0] ?? '');
    await eventually(async () =>
      (await textsOf(job.id, zoeId ?? 0)).every(
        (text) => text.status === 'delivered',
      ),
    );
    expect((await textsOf(job.id, annaId ?? 0))[0]?.status).toBe('delivered');
    // Each delivery is an activity line and an sms.delivered webhook of its application.
    expect(await outcomesOf([annaId ?? 0, zoeId ?? 0])).toEqual([
      [annaId, 'application.text_delivered', 'sms.delivered'],
      [zoeId, 'application.text_delivered', 'sms.delivered'],
    ]);
  });

  it('sends every text once when the gateway restarts mid-batch', async () => {
    await turnTextsOn();
    const job = await publishedJob('Barista');
    const people = Array.from({ length: 5 }, (_, index) => ({
      row: index + 1,
      user: {
        first_name: `Restart${index}`,
        last_name: 'Person',
        email: `restart${index}@example.test`,
        phone: `+44 7400 12345${index}`,
      },
    }));
    expect(
      (await admin.post(`/api/jobs/${job.id}/applications`, people)).statusCode,
    ).toBe(201);
    await admin.post(`/api/jobs/${job.id}/invite_all`, {});
    await bound();
    const before = operator.parts.length;

    // The first batch of two goes; then the operator restarts under the next one.
    expect(await poller.runOnce(t.ctx)).toBe(2);
    await operator.stop();
    const client = poller.connect(t.ctx) as SmppClient;
    await eventually(async () => !client.isBound());
    expect(await poller.runOnce(t.ctx)).toBe(2);
    const waiting = await t.db
      .selectFrom('sms_outbox')
      .select(['status', 'reason'])
      .where('job_id', '=', job.id)
      .where('status', '=', 'queued')
      .execute();
    expect(waiting).toHaveLength(3);
    expect(waiting.map((row) => row.reason)).toContain(
      'Not connected to the SMS gateway',
    );
    await operator.start();
    await bound();
    // The back-off's wait, passed at once.
    await t.db
      .updateTable('sms_outbox')
      .set({ next_attempt_at: new Date() })
      .where('job_id', '=', job.id)
      .execute();
    await drain();

    const received = operator
      .texts()
      .filter((text) => text.to.startsWith('4474001234'));
    expect(received.map((text) => text.to).sort()).toEqual(
      people.map((_, index) => `4474001234${50 + index}`).sort(),
    );
    expect(operator.parts.length).toBeGreaterThan(before);
    expect(
      (
        await t.db
          .selectFrom('sms_outbox')
          .select('status')
          .where('job_id', '=', job.id)
          .execute()
      ).every((row) => row.status === 'sent'),
    ).toBe(true);
  });

  it('cuts a long text into concatenated parts that join up on the phone', async () => {
    await turnTextsOn();
    const title = `Senior Customer Support Specialist for our Enterprise Accounts team in the London office ${'x'.repeat(60)}`;
    const job = await publishedJob(title);
    const application = await createApplication(t.db, {
      job_id: job.id,
      first_name: 'Long',
      phone: '+447911000111',
    });
    await admin.post(
      `/api/jobs/${job.id}/applications/${application.id}/invite`,
      {},
    );
    await drain();
    const parts = operator.parts.filter((part) => part.to === '447911000111');
    const [text] = await textsOf(job.id, application.id);
    const count = splitSms(text?.body ?? '').parts.length;
    expect(count).toBeGreaterThan(1);
    expect(parts.map((part) => part.concat?.slice(1))).toEqual(
      Array.from({ length: count }, (_, index) => [count, index + 1]),
    );
    expect(parts.map((part) => part.text).join('')).toBe(text?.body);
    expect(text?.body).toContain(title);
  });
});

describe('what can go wrong', () => {
  it("marks a text not delivered when the receipt says so, with the operator's state", async () => {
    await turnTextsOn();
    const job = await publishedJob('Porter');
    const application = await createApplication(t.db, {
      job_id: job.id,
      phone: '+447911222337',
    });
    await admin.post(
      `/api/jobs/${job.id}/applications/${application.id}/invite`,
      {},
    );
    await drain();
    const [sent] = operator
      .texts()
      .filter((text) => text.to === '447911222337');
    await operator.receipt(sent?.ids[0] ?? '', 'UNDELIV');
    await eventually(
      async () =>
        (await textsOf(job.id, application.id))[0]?.status === 'failed',
    );
    expect((await textsOf(job.id, application.id))[0]?.reason).toBe(
      'Not delivered: UNDELIV (error 001)',
    );
    expect(await outcomesOf([application.id])).toEqual([
      [application.id, 'application.text_failed', 'sms.failed'],
    ]);
  });

  it('never sends again a text whose worker died while sending it', async () => {
    await turnTextsOn();
    const job = await publishedJob('Driver');
    const application = await createApplication(t.db, {
      job_id: job.id,
      phone: '+447911222338',
    });
    await admin.post(
      `/api/jobs/${job.id}/applications/${application.id}/invite`,
      {},
    );
    // A worker claims it, confirms it, and dies before the gateway answers.
    const [claimed] = await claimDueTexts(t.db, {
      limit: 1,
      leaseSeconds: 1,
      token: 'dead-worker',
    });
    expect(
      await confirmTextClaim(t.db, claimed?.id ?? 0, 'dead-worker', 1),
    ).toBe(true);
    expect((await textsOf(job.id, application.id))[0]?.status).toBe('queued');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await drain();
    expect((await textsOf(job.id, application.id))[0]).toMatchObject({
      status: 'failed',
      reason:
        'Sending was interrupted; not sent again, so that it cannot arrive twice',
    });
    expect(operator.parts.some((part) => part.to === '447911222338')).toBe(
      false,
    );
  });
});

describe('limits and opt-out', () => {
  /** A resend to an opted-out number: nothing reaches the operator, and the comms tab says why. */
  async function expectResendRefused(jobId: number, applicationId: number) {
    const before = operator.parts.length;
    await admin.post(
      `/api/jobs/${jobId}/applications/${applicationId}/invite`,
      {},
    );
    await drain();
    expect(operator.parts.length).toBe(before);
    const [latest] = await textsOf(jobId, applicationId);
    expect(latest).toMatchObject({
      kind: 'resend',
      status: 'failed',
      reason: SMS_REFUSALS.optedOut,
    });
  }

  it('stops texting a number that opted out through its link, and says why', async () => {
    await turnTextsOn();
    const job = await publishedJob('Courier');
    const application = await createApplication(t.db, {
      job_id: job.id,
      first_name: 'Olga',
      phone: '+447911222333',
    });
    const invite = `/api/jobs/${job.id}/applications/${application.id}/invite`;
    await admin.post(invite, {});
    await drain();
    const [first] = await textsOf(job.id, application.id);
    const link = /\/t\/\S+/.exec(first?.body ?? '')?.[0] ?? '';
    expect(link).toMatch(/^\/t\/\d+-[\w-]{12}$/);

    const visitor = t.client();
    const page = await visitor.get(link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop text messages from Acme?');
    expect(page.body).toContain('<form method="post">');
    const forged = await visitor.post(`${link.slice(0, -2)}xx`, {});
    expect(forged.statusCode).toBe(404);
    // As the page's form sends it: URL-encoded, no fields, no CSRF header.
    const stopped = await visitor.request('POST', link, {
      csrf: false,
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain(
      'You will get no more text messages from Acme.',
    );

    await expectResendRefused(job.id, application.id);

    // "Text undelivered" with why, on the job page's row and in search.
    const listed = await admin.get(
      `/api/jobs/${job.id}/applications?status=AwaitingResponse&filter=All`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const row = (
      listed.json().results as { id: number; text_undelivered: string | null }[]
    ).find((item) => item.id === application.id);
    expect(row?.text_undelivered).toBe(SMS_REFUSALS.optedOut);
    const found = await admin.get(`/api/applications?q=Olga&job=${job.id}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().results).toEqual([
      expect.objectContaining({
        id: application.id,
        text_undelivered: SMS_REFUSALS.optedOut,
      }),
    ]);
  });

  it('stops texting a number that replied STOP, for every company that texted it, and says why', async () => {
    await turnTextsOn();
    await bound();
    const job = await publishedJob('Driver');
    const phone = '+447911222399';
    const application = await createApplication(t.db, {
      job_id: job.id,
      first_name: 'Piotr',
      phone,
    });
    // Another company texted the same number; a third never did.
    const other = await createCompany(t.db, { name: 'Other' });
    await createCompany(t.db, { name: 'Never' });
    await t.db
      .insertInto('sms_outbox')
      .values({
        company_id: other.id,
        kind: 'invitation',
        to_phone: phone,
        body: 'Hello',
        status: 'sent',
        sent_at: new Date(),
      })
      .execute();
    const invite = `/api/jobs/${job.id}/applications/${application.id}/invite`;
    await admin.post(invite, {});
    await drain();

    // Any other reply is only acknowledged.
    expect((await operator.reply(phone, 'Thanks!')).command_status).toBe(0);
    const optOuts = () =>
      t.db
        .selectFrom('sms_opt_outs')
        .select('company_id')
        .where('phone', '=', phone)
        .orderBy('company_id')
        .execute();
    expect(await optOuts()).toEqual([]);

    const answer = await operator.reply(phone, '  Arrêt ');
    expect(answer.command_status).toBe(0);
    expect((await optOuts()).map((row) => row.company_id)).toEqual(
      [companyId, other.id].sort((a, b) => a - b),
    );

    await expectResendRefused(job.id, application.id);
    // The stop link's page says so too.
    const link =
      /\/t\/\S+/.exec(
        (await textsOf(job.id, application.id))[1]?.body ?? '',
      )?.[0] ?? '';
    expect((await t.client().get(link)).body).toContain(
      'You will get no more text messages from Acme.',
    );
  });

  it('texts one number at most three times a day, and the company up to its cap', async () => {
    await turnTextsOn();
    const job = await publishedJob('Chef');
    const application = await createApplication(t.db, {
      job_id: job.id,
      phone: '+447911222334',
    });
    const invite = `/api/jobs/${job.id}/applications/${application.id}/invite`;
    for (let send = 0; send < 4; send++) {
      const response = await admin.post(invite, {});
      expect(response.statusCode, response.body).toBe(200);
    }
    await drain();
    const texts = await textsOf(job.id, application.id);
    expect(texts.map((text) => [text.status, text.reason])).toEqual([
      ['failed', SMS_REFUSALS.numberLimit],
      ['sent', ''],
      ['sent', ''],
      ['sent', ''],
    ]);

    const sentToday = await t.db
      .selectFrom('sms_outbox')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('company_id', '=', companyId)
      .where('status', '<>', 'failed')
      .executeTakeFirstOrThrow();
    await turnTextsOn({ sms_daily_cap: Number(sentToday.count) });
    const other = await createApplication(t.db, {
      job_id: job.id,
      phone: '+447911222335',
    });
    await admin.post(`/api/jobs/${job.id}/applications/${other.id}/invite`, {});
    expect((await textsOf(job.id, other.id))[0]).toMatchObject({
      status: 'failed',
      reason: SMS_REFUSALS.companyCap,
    });
    await turnTextsOn({ sms_daily_cap: 1000 });
  });

  it('sends nothing for a company with texts off', async () => {
    const other = await createCompany(t.db, { name: 'Quiet Ltd' });
    const job = await createJob(t.db, {
      company_id: other.id,
      status: 'Published',
    });
    const user = await createUser(t.db, { companies: [other.id] });
    const client = t.client();
    await client.signIn(user.email, TEST_PASSWORD);
    const application = await createApplication(t.db, {
      job_id: job.id,
      phone: '+447911222336',
    });
    await client.post(
      `/api/jobs/${job.id}/applications/${application.id}/invite`,
      {},
    );
    const texts = await client.get(
      `/api/jobs/${job.id}/applications/${application.id}/texts`,
    );
    expect(texts.json()).toEqual([]);
    // Another company's interviewee is not found, as on every application route.
    expect(
      (
        await admin.get(
          `/api/jobs/${job.id}/applications/${application.id}/texts`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('reminders and extensions', () => {
  it('texts a reminder a day before the deadline and a deadline extension', async () => {
    await turnTextsOn();
    const saved = await admin.put('/api/reminder-settings', {
      enabled: true,
      hours_before: 24,
      morning_time: null,
      time_zone: 'UTC',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const job = await publishedJob('Gardener');
    const deadline = new Date(Date.now() + 3 * DAY);
    const application = await createApplication(t.db, {
      job_id: job.id,
      first_name: 'Rita',
      phone: '+447911888999',
      invited_at: new Date(Date.now() - DAY),
      deadline,
    });
    const reminders = createCandidateReminderPoller({
      now: () => new Date(deadline.getTime() - DAY),
    });
    expect(await reminders.runOnce(t.ctx)).toBe(1);
    const later = new Date(deadline.getTime() + 2 * DAY);
    const extended = await admin.post(
      `/api/jobs/${job.id}/applications/${application.id}/extend`,
      { deadline: later.toISOString() },
    );
    expect(extended.statusCode, extended.body).toBe(200);
    await drain();
    const texts = await textsOf(job.id, application.id);
    expect(texts.map((text) => [text.kind, text.status])).toEqual([
      ['extension', 'sent'],
      ['reminder', 'sent'],
    ]);
    expect(texts[1]?.body).toContain(
      'Acme: Hi Rita, a reminder to answer your video interview for Gardener by',
    );
    expect(texts[0]?.body).toContain('you now have until');
    const received = operator
      .texts()
      .filter((text) => text.to === '447911888999');
    expect(received.map((text) => text.text)).toEqual([
      texts[1]?.body,
      texts[0]?.body,
    ]);
  });
});

describe('the gateway setting', () => {
  it('stops the start with a readable message when SMS_SMPP_URL does not parse', () => {
    expect(() => loadConfig({ SMS_SMPP_URL: 'http://gateway:2775' })).toThrow(
      'SMS_SMPP_URL: the scheme must be smpp (expected smpp://system_id:password@host:port)',
    );
    expect(() => loadConfig({ SMS_SMPP_URL: 'smpp://gateway:2775' })).toThrow(
      'SMS_SMPP_URL: the system_id is missing',
    );
    expect(() => loadConfig({ SMS_SMPP_URL: 'gateway' })).toThrow(
      'SMS_SMPP_URL: not a URL',
    );
  });

  it('logs a refused bind and keeps trying until the operator lets it in', async () => {
    operator.refuseBinds(true);
    const said: string[] = [];
    const attempts = operator.bindAttempts.length;
    const client = createSmppGateway({
      gateway: {
        host: '127.0.0.1',
        port: operator.port,
        systemId: 'candor',
        password: 's3cret',
      },
      log: (message) => said.push(message),
      onReceipt: async () => 0,
      onReply: async () => 0,
      reconnectMaxMs: 200,
    });
    try {
      await eventually(
        async () => operator.bindAttempts.length >= attempts + 2,
      );
      expect(said[0]).toBe(
        'The SMS gateway refused to bind as candor (status 0xd); trying again',
      );
      const refused = await client.send({
        id: 1,
        to: '+447911000000',
        sender: 'Acme',
        body: 'Hello',
      });
      expect(refused).toEqual({
        ok: false,
        retry: true,
        reason: 'Not connected to the SMS gateway',
      });
      operator.refuseBinds(false);
      await client.whenBound();
    } finally {
      operator.refuseBinds(false);
      await client.close();
    }
  });
});
