import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../test/multipart';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { createOutboxPoller } from '../../platform/mail/outbox-poller';
import { createCandidateReminderPoller } from './candidate-reminder-poller';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;
let client: TestClient;
let company: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'interviews@candor.test',
  });
  company = await createCompany(t.db, { name: 'Acme Reminders' });
  const user = await createUser(t.db, { companies: [company.id] });
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
  // In UTC the last morning's 09:00 is 09:00Z whatever day the tests run.
  const saved = await client.put('/api/reminder-settings', {
    enabled: true,
    hours_before: 48,
    morning_time: '09:00',
    time_zone: 'UTC',
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
// Each test's interviewees leave the scan with it, so a poller's count is that test's alone.
afterEach(async () => {
  await t.db
    .updateTable('applications')
    .set({ archived: true })
    .where('archived', '=', false)
    .execute();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** 17:00 UTC, five days from today: the deadline every test starts from. */
function deadlineAhead(days = 5): Date {
  const today = new Date();
  today.setUTCHours(17, 0, 0, 0);
  return new Date(today.getTime() + days * DAY);
}
const morningOf = (deadline: Date) =>
  new Date(
    Date.UTC(
      deadline.getUTCFullYear(),
      deadline.getUTCMonth(),
      deadline.getUTCDate(),
      9,
    ),
  );

/** A poller whose clock reads `at`: the worker as it would run then. */
const runAt = (at: Date) =>
  createCandidateReminderPoller({ now: () => at }).runOnce(t.ctx);

async function interview(title = 'Barista') {
  return createJob(t.db, {
    company_id: company.id,
    status: 'Published',
    title,
  });
}

async function invited(jobId: number, deadline: Date, email?: string) {
  return createApplication(t.db, {
    job_id: jobId,
    invited_at: new Date(Date.now() - HOUR),
    deadline,
    ...(email ? { email } : {}),
  });
}

const remindersOf = (applicationId: number) =>
  t.db
    .selectFrom('outbox')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('kind', '=', 'reminder')
    .orderBy('id')
    .execute();

async function drainOutbox() {
  const poller = createOutboxPoller();
  while ((await poller.runOnce(t.ctx)) > 0);
  poller.close();
}

describe('candidate reminders', () => {
  it('go 48 hours before and on the last morning, once each, into the comms and the activity', async () => {
    const job = await interview();
    const deadline = deadlineAhead();
    const app = await invited(job.id, deadline, 'ann.reminded@example.com');

    expect(await runAt(new Date(deadline.getTime() - 49 * HOUR))).toBe(0);
    expect(await runAt(new Date(deadline.getTime() - 48 * HOUR))).toBe(1);
    expect(await runAt(new Date(deadline.getTime() - 47 * HOUR))).toBe(0);
    expect(await runAt(new Date(morningOf(deadline).getTime() - 60_000))).toBe(
      0,
    );
    expect(await runAt(morningOf(deadline))).toBe(1);
    expect(await runAt(new Date(deadline.getTime() - HOUR))).toBe(0);
    expect(await runAt(deadline)).toBe(0);

    const rows = await remindersOf(app.id);
    expect(rows).toHaveLength(2);
    await drainOutbox();
    const mails = smtp.to('ann.reminded@example.com');
    expect(mails).toHaveLength(2);
    const [mail] = mails;
    expect(mail?.subject).toBe('Reminder: your video interview for Barista');
    expect(mail?.text).toContain(`/i/${app.shortcode}`);
    expect(mail?.text).toMatch(
      /Stop reminders about this interview: http:\/\/localhost:3000\/reminders\/unsubscribe\/\d+-[\w-]{32}/,
    );
    expect(mail?.html).toContain('/reminders/unsubscribe/');

    const comms = await client.get(
      `/api/jobs/${job.id}/applications/${app.id}/emails`,
    );
    expect(
      (comms.json() as { kind: string }[]).filter((e) => e.kind === 'reminder'),
    ).toHaveLength(2);
    const activity = await t.db
      .selectFrom('activities')
      .select(['verb', 'user_id'])
      .where('application_id', '=', app.id)
      .execute();
    expect(activity).toEqual([
      { verb: 'application.reminded', user_id: null },
      { verb: 'application.reminded', user_id: null },
    ]);
  });

  it('are never sent after completion or withdrawal, while the invitation failed, or before the invitation', async () => {
    const job = await interview();
    const deadline = deadlineAhead();
    const waiting = await invited(job.id, deadline);
    const completed = await invited(job.id, deadline);
    const declined = await invited(job.id, deadline);
    const failed = await invited(job.id, deadline);
    const notInvited = await createApplication(t.db, {
      job_id: job.id,
      deadline,
    });
    const invitedLate = await createApplication(t.db, {
      job_id: job.id,
      deadline,
      // Invited after the 48-hour time: that reminder is not theirs.
      invited_at: new Date(deadline.getTime() - 40 * HOUR),
    });
    await t.db
      .updateTable('applications')
      .set({ responded_at: new Date(), answer_count: 2 })
      .where('id', '=', completed.id)
      .execute();
    await t.db
      .updateTable('applications')
      .set({ declined_at: new Date() })
      .where('id', '=', declined.id)
      .execute();
    await t.db
      .updateTable('applications')
      .set({ invitation_failed: true })
      .where('id', '=', failed.id)
      .execute();

    expect(await runAt(new Date(deadline.getTime() - 36 * HOUR))).toBe(1);
    expect(await remindersOf(waiting.id)).toHaveLength(1);
    for (const other of [completed, declined, failed, notInvited, invitedLate])
      expect(await remindersOf(other.id)).toEqual([]);
    // The late invitee still gets the last morning's.
    expect(await runAt(morningOf(deadline))).toBe(2);
    expect(await remindersOf(invitedLate.id)).toHaveLength(1);
  });

  it('go exactly once with two workers at the same time and after a restart', async () => {
    const job = await interview();
    const deadline = deadlineAhead();
    const apps = await Promise.all(
      [0, 1, 2].map(() => invited(job.id, deadline)),
    );
    const at = new Date(deadline.getTime() - 47 * HOUR);
    const [first, second] = await Promise.all([runAt(at), runAt(at)]);
    expect(first + second).toBe(3);
    // A restarted worker: a fresh poller, the same moment.
    expect(await runAt(at)).toBe(0);
    for (const app of apps) {
      expect(await remindersOf(app.id)).toHaveLength(1);
      const keys = await t.db
        .selectFrom('candidate_reminders')
        .selectAll()
        .where('application_id', '=', app.id)
        .execute();
      expect(keys.map((key) => key.remind_at.toISOString())).toEqual([
        new Date(deadline.getTime() - 48 * HOUR).toISOString(),
      ]);
    }
  });

  it('stop when the interviewee unsubscribes, and the link works for nothing else', async () => {
    const job = await interview('Night Porter');
    const deadline = deadlineAhead();
    const app = await invited(job.id, deadline);
    expect(await runAt(new Date(deadline.getTime() - 48 * HOUR))).toBe(1);
    const [mail] = await remindersOf(app.id);
    const token = /\/reminders\/unsubscribe\/([\w-]+)/.exec(
      mail?.text ?? '',
    )?.[1];
    expect(token).toBeDefined();

    const anonymous = t.client();
    const page = await anonymous.get(`/api/reminders/unsubscribe/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      company_name: 'Acme Reminders',
      interview_title: 'Night Porter',
      unsubscribed: false,
    });
    const done = await anonymous.post(`/api/reminders/unsubscribe/${token}`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ unsubscribed: true });
    // Twice is the same as once: one activity entry.
    await anonymous.post(`/api/reminders/unsubscribe/${token}`);
    const stopped = await t.db
      .selectFrom('activities')
      .select('verb')
      .where('application_id', '=', app.id)
      .where('verb', '=', 'application.reminders_stopped')
      .execute();
    expect(stopped).toHaveLength(1);

    expect(await runAt(morningOf(deadline))).toBe(0);
    expect(await remindersOf(app.id)).toHaveLength(1);

    // Another interviewee's id with this signature, or a made-up key: nothing.
    const other = await invited(job.id, deadline);
    const forged = token?.replace(/^\d+/, String(other.id));
    for (const bad of [forged, 'abc', `${app.id}-${'x'.repeat(32)}`]) {
      const reply = await anonymous.get(`/api/reminders/unsubscribe/${bad}`);
      expect(reply.statusCode).toBe(404);
      expect(reply.body).not.toContain('Night Porter');
    }
  });

  it('move with an extended deadline', async () => {
    const job = await interview();
    const deadline = deadlineAhead();
    const app = await invited(job.id, deadline);
    expect(await runAt(new Date(deadline.getTime() - 48 * HOUR))).toBe(1);

    const later = new Date(deadline.getTime() + 4 * DAY);
    const { body, headers } = multipartBody({
      deadline: later.toISOString(),
      invited_from_name: 'Acme Reminders',
      invite_subject: 'More time',
    });
    const extended = await client.post(
      `/api/jobs/${job.id}/applications/${app.id}/extend`,
      body,
      { headers },
    );
    expect(extended.statusCode, extended.body).toBe(200);

    // The old deadline's morning passes without a reminder; the new deadline's times bring them.
    expect(await runAt(morningOf(deadline))).toBe(0);
    expect(await runAt(new Date(later.getTime() - 48 * HOUR))).toBe(1);
    expect(await runAt(morningOf(later))).toBe(1);
    expect(await remindersOf(app.id)).toHaveLength(3);
  });

  it('follow the company settings for new interviews and each interview its own', async () => {
    const bad = await client.put('/api/reminder-settings', {
      enabled: true,
      hours_before: 0,
      morning_time: '25:00',
      time_zone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);

    const off = await client.put('/api/reminder-settings', {
      enabled: false,
      hours_before: 24,
      morning_time: null,
      time_zone: 'UTC',
    });
    expect(off.json()).toEqual({
      enabled: false,
      hours_before: 24,
      morning_time: null,
      time_zone: 'UTC',
    });
    const quiet = await interview();
    expect(
      (await client.get(`/api/jobs/${quiet.id}/reminder-settings`)).json(),
    ).toEqual({ enabled: false, hours_before: 24, morning_time: null });
    const deadline = deadlineAhead();
    const app = await invited(quiet.id, deadline);
    expect(await runAt(new Date(deadline.getTime() - 23 * HOUR))).toBe(0);

    // Turned on for this interview, with its own schedule.
    const on = await client.put(`/api/jobs/${quiet.id}/reminder-settings`, {
      enabled: true,
      hours_before: 24,
      morning_time: null,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await runAt(new Date(deadline.getTime() - 23 * HOUR))).toBe(1);
    expect(await remindersOf(app.id)).toHaveLength(1);

    await client.put('/api/reminder-settings', {
      enabled: true,
      hours_before: 48,
      morning_time: '09:00',
      time_zone: 'UTC',
    });
  });

  it('use the company reminder template', async () => {
    const template = await client.get(
      `/api/companies/${company.shortname}/reminder-email`,
    );
    expect(template.statusCode).toBe(200);
    const saved = await client.put(
      `/api/companies/${company.shortname}/reminder-email`,
      {
        subject: '[INTERVIEW TITLE] is waiting, [FIRST NAME]',
        body_text: '<p>Dear [FIRST NAME], the deadline is [DEADLINE].</p>',
        from_name: 'Acme Reminders',
        reply_to_email: '',
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const job = await interview('Sous Chef');
    const deadline = deadlineAhead();
    const app = await invited(job.id, deadline);
    expect(await runAt(new Date(deadline.getTime() - 47 * HOUR))).toBe(1);
    const [mail] = await remindersOf(app.id);
    expect(mail?.subject).toBe(`Sous Chef is waiting, ${app.first_name}`);
    expect(mail?.text).toContain(`Dear ${app.first_name}, the deadline is`);
  });
});
