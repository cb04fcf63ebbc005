import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import {
  createOutboxPoller,
  type OutboxPoller,
} from '../../platform/mail/outbox-poller';

const REFUSED = 'nobody@refused.example';
const DEFERRED = 'later@deferred.example';
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;
let client: TestClient;
let companyId: number;
let poller: OutboxPoller;
beforeAll(async () => {
  smtp = await startSmtpCapture({ refuse: [REFUSED], defer: [DEFERRED] });
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'interviews@candor.test',
  });
  const company = await createCompany(t.db, {
    name: 'Acme & Sons',
    support_email: 'hr@acme.example',
  });
  companyId = company.id;
  const user = await createUser(t.db, { companies: [company.id] });
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
  poller = createOutboxPoller();
});
afterAll(async () => {
  poller.close();
  await t.close();
  await smtp.close();
});

const day = 24 * 60 * 60 * 1000;

/** Runs the outbox poller until nothing is due, as the worker loop would. */
async function drainOutbox(p: OutboxPoller = poller) {
  let total = 0;
  for (
    let sent = await p.runOnce(t.ctx);
    sent > 0;
    sent = await p.runOnce(t.ctx)
  )
    total += sent;
  return total;
}

async function publishedJob(
  values: Partial<Parameters<typeof createJob>[1]> = {},
) {
  const job = await createJob(t.db, {
    company_id: companyId,
    status: 'Published',
    title: 'Barista',
    applicant_deadline_days: 5,
    ...values,
  });
  await t.db
    .insertInto('questions')
    .values([
      {
        job_id: job.id,
        text: 'Why us?',
        thinking_time: 30,
        time_limit: 90,
        order: 1,
      },
      {
        job_id: job.id,
        text: 'Tell us about a rush hour',
        thinking_time: 30,
        time_limit: 150,
        order: 2,
      },
    ])
    .execute();
  return job;
}

describe('invitations over real SMTP', () => {
  it('invites one interviewee (form data): a branded e-mail with merge tags, the personal link and a text part', async () => {
    const job = await publishedJob();
    const app = await createApplication(t.db, {
      job_id: job.id,
      first_name: 'Ann',
      last_name: "O'Neil",
      email: 'ann@example.com',
    });
    const response = await client.post(
      `/api/jobs/${job.id}/applications/${app.id}/invite`,
      'invited_from_name=Priya%20Shah&invite_subject=Interview%20for%20%5BINTERVIEW%20TITLE%5D%2C%20%5BFIRST%20NAME%5D',
      { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      stage: 'AwaitingResponse',
      status_label: { text: 'Awaiting response' },
      actions: ['resend'],
    });
    // applicant_deadline_days from now
    expect(
      Math.abs(Date.parse(body.deadline) - (Date.now() + 5 * day)),
    ).toBeLessThan(60_000);

    expect(smtp.to('ann@example.com')).toHaveLength(0);
    expect(await drainOutbox()).toBe(1);
    const [mail] = smtp.to('ann@example.com');
    expect(mail?.subject).toBe('Interview for Barista, Ann');
    expect(mail?.from?.value[0]).toEqual({
      name: 'Priya Shah',
      address: 'interviews@candor.test',
    });
    expect(mail?.replyTo?.value[0]?.address).toBe('hr@acme.example');
    const link = `http://localhost:3000/i/${app.shortcode}`;
    expect(mail?.html).toContain('Start interview');
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.html).toContain('Dear Ann,');
    expect(mail?.html).toContain('Acme &amp; Sons');
    expect(mail?.html).toContain('Number of questions: 2');
    expect(mail?.html).toContain('Time needed: about 5 minutes');
    expect(mail?.text).toContain(`Start interview: ${link}`);
    expect(mail?.text).toContain('Number of questions: 2');
    expect(mail?.messageId).toMatch(/^<outbox-\d+@localhost>$/);
    const outbox = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('application_id', '=', app.id)
      .execute();
    expect(outbox).toMatchObject([{ status: 'sent', kind: 'invitation' }]);
  });

  it('says nothing of a deadline in the invitation to an interview that has none', async () => {
    const job = await publishedJob({ applicant_deadline_days: null });
    const app = await createApplication(t.db, {
      job_id: job.id,
      first_name: 'Noor',
      email: 'noor@example.com',
    });
    const response = await client.post(
      `/api/jobs/${job.id}/applications/${app.id}/invite`,
      {},
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ deadline: null });
    expect(await drainOutbox()).toBe(1);
    const [mail] = smtp.to('noor@example.com');
    expect(mail?.html).toContain('Time needed: about 5 minutes');
    expect(mail?.html).not.toMatch(/deadline/i);
    expect(mail?.text).not.toMatch(/deadline/i);
  });

  it('invite_all to 500 returns at once and each interviewee receives exactly one e-mail with their own values', async () => {
    const job = await publishedJob({
      deadline: new Date(Date.now() + 10 * day),
      applicant_deadline_days: null,
    });
    const rows = Array.from({ length: 500 }, (_, index) => ({
      row: index + 1,
      user: {
        first_name: `First${index}`,
        last_name: `Last${index}`,
        email: `bulk${index}@example.com`,
      },
    }));
    expect(
      (await client.post(`/api/jobs/${job.id}/applications`, rows)).statusCode,
    ).toBe(201);
    const started = Date.now();
    const response = await client.post(`/api/jobs/${job.id}/invite_all`, {
      invited_from_name: 'Acme & Sons',
    });
    expect(response.json()).toEqual({ queued: 500, skipped: 0 });
    expect(Date.now() - started).toBeLessThan(15_000);
    const pending = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('job_id', '=', job.id)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(500);
    // Nothing is sent by the request itself.
    expect(smtp.to('bulk0@example.com')).toHaveLength(0);

    expect(await drainOutbox()).toBe(500);
    const apps = await t.db
      .selectFrom('applications')
      .select(['email', 'first_name', 'shortcode', 'invited_at', 'deadline'])
      .where('job_id', '=', job.id)
      .execute();
    expect(apps).toHaveLength(500);
    for (const app of apps) {
      const received = smtp.to(app.email);
      expect(received, app.email).toHaveLength(1);
      expect(received[0]?.html).toContain(`Dear ${app.first_name},`);
      expect(received[0]?.html).toContain(
        `http://localhost:3000/i/${app.shortcode}`,
      );
      expect(app.invited_at).not.toBeNull();
      expect(app.deadline?.getTime()).toBe(job.deadline?.getTime());
    }
    // A second invite-all finds nobody left to invite.
    expect(
      (await client.post(`/api/jobs/${job.id}/invite_all`, {})).json(),
    ).toEqual({ queued: 0, skipped: 0 });
  });

  it('sends the rest exactly once after a worker dies mid-batch', async () => {
    const job = await publishedJob();
    const rows = Array.from({ length: 30 }, (_, index) => ({
      row: index + 1,
      user: {
        first_name: `Crash${index}`,
        last_name: 'Test',
        email: `crash${index}@example.com`,
      },
    }));
    await client.post(`/api/jobs/${job.id}/applications`, rows);
    await client.post(`/api/jobs/${job.id}/invite_all`, {});

    // The first worker sends one batch of 10, then claims the next 10 and dies before sending.
    // Its lease is a few seconds, so the machine's load cannot let it run out too early.
    const first = createOutboxPoller({ batch: 10, leaseSeconds: 4 });
    expect(await first.runOnce(t.ctx)).toBe(10);
    expect(await first.claimOnly(t.ctx)).toBe(10);
    const claimedAt = Date.now();
    first.close();

    // A restarted worker sends what is unclaimed; the dead worker's 10 wait for their lease.
    const second = createOutboxPoller({ batch: 10, leaseSeconds: 60 });
    expect(await drainOutbox(second)).toBe(10);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, claimedAt + 4200 - Date.now())),
    );
    expect(await drainOutbox(second)).toBe(10);
    expect(await drainOutbox(second)).toBe(0);
    second.close();

    for (let index = 0; index < 30; index++)
      expect(smtp.to(`crash${index}@example.com`)).toHaveLength(1);
    const statuses = await t.db
      .selectFrom('outbox')
      .select('status')
      .where('job_id', '=', job.id)
      .execute();
    expect(statuses.every((row) => row.status === 'sent')).toBe(true);
  });

  it("marks a permanently refused invitation 'Email undelivered' and retries a temporary failure later", async () => {
    const job = await publishedJob();
    const refused = await createApplication(t.db, {
      job_id: job.id,
      email: REFUSED,
    });
    const deferred = await createApplication(t.db, {
      job_id: job.id,
      email: DEFERRED,
    });
    await client.post(
      `/api/jobs/${job.id}/applications/${refused.id}/invite`,
      {},
    );
    await client.post(
      `/api/jobs/${job.id}/applications/${deferred.id}/invite`,
      {},
    );
    await drainOutbox();

    const failed = (
      await client.get(`/api/jobs/${job.id}/applications/${refused.id}`)
    ).json();
    expect(failed).toMatchObject({
      invitation_failed: true,
      stage: 'ToInvite',
      status_label: { text: 'Email undelivered' },
      actions: ['delete', 'invite'],
    });
    const rows = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('job_id', '=', job.id)
      .orderBy('id')
      .execute();
    expect(rows[0]).toMatchObject({
      status: 'failed',
      last_error: expect.stringMatching(/550/),
    });
    expect(rows[1]).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: expect.stringMatching(/451/),
    });
    expect(rows[1]?.next_attempt_at.getTime()).toBeGreaterThan(
      Date.now() + 20_000,
    );
    const activity = await t.db
      .selectFrom('activities')
      .select('verb')
      .where('application_id', '=', refused.id)
      .execute();
    expect(activity.map((row) => row.verb)).toContain(
      'application.email_undelivered',
    );

    // Once due again, the deferred one goes through.
    await t.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', String(rows[1]?.id))
      .execute();
    expect(await drainOutbox()).toBe(1);
    expect(smtp.to(DEFERRED)).toHaveLength(1);
    expect(
      (
        await client.get(`/api/jobs/${job.id}/applications/${deferred.id}`)
      ).json().invitation_failed,
    ).toBe(false);
  });

  it('extends a deadline (multipart) with a fresh invitation, refusing an earlier date', async () => {
    const job = await publishedJob();
    const app = await createApplication(t.db, {
      job_id: job.id,
      email: 'late@example.com',
      invited_at: new Date(Date.now() - 5 * day),
      deadline: new Date(Date.now() - day),
    });
    const before = (
      await client.get(`/api/jobs/${job.id}/applications/${app.id}`)
    ).json();
    expect(before).toMatchObject({
      status_label: { text: 'Expired' },
      actions: ['extend'],
    });

    const send = (deadline: string) => {
      const { body, headers } = multipartBody({
        deadline,
        invited_from_name: 'Acme & Sons',
        invite_subject: 'More time for [INTERVIEW TITLE]',
      });
      return client.post(
        `/api/jobs/${job.id}/applications/${app.id}/extend`,
        body,
        { headers },
      );
    };
    expect(
      (await send(new Date(Date.now() - 2 * day).toISOString())).statusCode,
    ).toBe(400);
    const deadline = new Date('2031-03-14T17:00:00Z');
    const extended = await send(deadline.toISOString());
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json()).toMatchObject({
      deadline: deadline.toISOString(),
      status_label: { text: 'Awaiting response' },
      actions: ['resend'],
    });
    await drainOutbox();
    const [mail] = smtp.to('late@example.com');
    expect(mail?.subject).toBe('More time for Barista');
    expect(mail?.html).toContain('Friday, 14 March 2031 at 17:00 (UK time)');
    expect(mail?.html).toContain(`/i/${app.shortcode}`);
  });

  it('extend_all moves only the expired deadlines by default', async () => {
    const job = await publishedJob();
    const expired = await createApplication(t.db, {
      job_id: job.id,
      invited_at: new Date(Date.now() - 5 * day),
      deadline: new Date(Date.now() - day),
    });
    const open = await createApplication(t.db, {
      job_id: job.id,
      invited_at: new Date(Date.now() - 5 * day),
      deadline: new Date(Date.now() + day),
    });
    const deadline = new Date(Date.now() + 7 * day).toISOString();
    const response = await client.post(`/api/jobs/${job.id}/extend_all`, {
      deadline,
    });
    expect(response.json()).toEqual({ queued: 1, skipped: 0 });
    await drainOutbox();
    expect(smtp.to(expired.email)).toHaveLength(1);
    expect(smtp.to(open.email)).toHaveLength(0);
    expect(
      (
        await client.post(`/api/jobs/${job.id}/extend_all`, {
          deadline,
          include: 'all',
        })
      ).json(),
    ).toEqual({ queued: 1, skipped: 1 });
  });

  it('sends a composed message with merge tags, the body sanitised', async () => {
    const job = await publishedJob();
    const app = await createApplication(t.db, {
      job_id: job.id,
      first_name: 'Zoë',
      email: 'zoe@example.com',
    });
    const empty = await client.post(
      `/api/jobs/${job.id}/applications/${app.id}/email`,
      { email_subj: '', email_body: '' },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      email_subj: ['Enter a subject'],
      email_body: ['Enter a message'],
    });

    const { body, headers } = multipartBody({
      msg_to: 'zoe@example.com',
      email_subj: 'A note for [FIRST NAME]',
      email_body:
        '<p>Hi [FIRST NAME], see <a href="javascript:alert(1)">this</a><script>alert(1)</script> [WRONG TAG]</p>',
    });
    const sent = await client.post(
      `/api/jobs/${job.id}/applications/${app.id}/email`,
      body,
      { headers },
    );
    expect(sent.json()).toEqual({ status: 'queued' });
    await drainOutbox();
    const [mail] = smtp.to('zoe@example.com');
    expect(mail?.subject).toBe('A note for Zoë');
    expect(mail?.html).toContain('Hi Zoë, see <a>this</a>');
    expect(mail?.html).not.toContain('script');
    expect(mail?.html).toContain('Field error: [WRONG TAG]');
    expect(mail?.html).not.toContain('Start interview');

    const elsewhere = await client.post(
      `/api/jobs/${job.id}/applications/${app.id}/email`,
      { msg_to: 'someone@else.example', email_subj: 'x', email_body: 'y' },
    );
    expect(elsewhere.statusCode).toBe(400);
  });

  it('sends the rejection e-mail when an interviewee is rejected', async () => {
    const job = await publishedJob();
    const app = await createApplication(t.db, {
      job_id: job.id,
      first_name: 'Rex',
      email: 'rex@example.com',
      answer_count: 2,
      reviewed_at: new Date(),
    });
    const rejected = await client.post(
      `/api/jobs/${job.id}/applications/${app.id}/reject`,
    );
    expect(rejected.json()).toMatchObject({
      rejected: true,
      stage: 'Outcomes',
      status_label: { text: 'Unsuccessful' },
    });
    await drainOutbox();
    const [mail] = smtp.to('rex@example.com');
    expect(mail?.subject).toBe('Your application for Barista');
    expect(mail?.text).toContain('Dear Rex,');
    expect(mail?.text).toContain(
      'we will not be taking your application further',
    );
    expect(
      (await client.post(`/api/jobs/${job.id}/applications/${app.id}/reject`))
        .statusCode,
    ).toBe(409);
  });

  it('e-mails the questions only to people of the company', async () => {
    const job = await publishedJob();
    const member = await createUser(t.db, { companies: [companyId] });
    expect(
      (
        await client.post(`/api/jobs/${job.id}/email_questions`, {
          msg_to: 'stranger@example.com',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await client.post(`/api/jobs/${job.id}/email_questions`, {
          msg_to: member.email,
        })
      ).json(),
    ).toEqual({ status: 'queued' });
    await drainOutbox();
    const [mail] = smtp.to(member.email);
    expect(mail?.subject).toBe('Interview questions: Barista');
    expect(mail?.text).toContain('Tell us about a rush hour');
  });

  it('refuses to invite again once invited, and to invite on an archived interview', async () => {
    const job = await publishedJob();
    const app = await createApplication(t.db, {
      job_id: job.id,
      answer_count: 1,
    });
    expect(
      (
        await client.post(
          `/api/jobs/${job.id}/applications/${app.id}/invite`,
          {},
        )
      ).statusCode,
    ).toBe(409);
    const archivedJob = await publishedJob({ status: 'Archived' });
    const other = await createApplication(t.db, { job_id: archivedJob.id });
    expect(
      (
        await client.post(
          `/api/jobs/${archivedJob.id}/applications/${other.id}/invite`,
          {},
        )
      ).statusCode,
    ).toBe(409);
  });
});
