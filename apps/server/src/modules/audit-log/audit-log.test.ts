import type { AuditEntry, AuditLogList } from '@candor/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey } from '../../../test/api-key-fixtures';
import { createApplication, TEST_PASSWORD } from '../../../test/factories';
import {
  createJobReviewer,
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';
import { createTeammate } from '../../../test/team-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { pruneAuditLog } from './audit-log.repository';

const BROWSER = 'Mozilla/5.0 (Macintosh) AuditTest/1.0';
const ADDRESS = '203.0.113.7';
// The test app trusts the loopback proxy, so the forwarded address is the client's.
const from = { 'user-agent': BROWSER, 'x-forwarded-for': ADDRESS };

let t: TestApp;
let a: Awaited<ReturnType<typeof createReviewableJob>>;
let b: Awaited<ReturnType<typeof createReviewableJob>>;
let admin: TestClient;
let ownerName: string;

beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: '127.0.0.1',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  a = await createReviewableJob(t.db);
  b = await createReviewableJob(t.db);
  admin = await signedInClient(t, a.owner.id);
  ownerName = `${a.owner.first_name} ${a.owner.last_name}`;
});
afterAll(async () => {
  await t?.close();
});

const logUrl = (shortname = a.company.shortname, query = '') =>
  `/api/companies/${shortname}/audit-log${query}`;

/** The newest row of the company's log with this action. */
async function newest(action: string): Promise<AuditEntry> {
  const reply = await admin.get(
    logUrl(a.company.shortname, `?action=${action}`),
  );
  expect(reply.statusCode, reply.body).toBe(200);
  const entry = reply.json<AuditLogList>().results[0];
  if (!entry) throw new Error(`No ${action} in the audit log`);
  return entry;
}

const byAdmin = () => ({
  actor: { type: 'user', id: a.owner.id, name: ownerName },
  ip: ADDRESS,
  user_agent: BROWSER,
});

describe('what the audit log records', () => {
  test('a sign-in and a failed one, in the member’s company, with address and browser', async () => {
    const client = t.client();
    const good = await client.post(
      '/login/ajax',
      { username: a.owner.email, password: TEST_PASSWORD },
      { headers: from },
    );
    expect(good.statusCode).toBe(200);
    expect(await newest('auth.sign_in')).toMatchObject({
      ...byAdmin(),
      details: { method: 'password' },
    });

    const bad = await t
      .client()
      .post(
        '/login/ajax',
        { username: a.owner.email, password: 'not-the-password' },
        { headers: from },
      );
    const unknown = await t.client().post(
      '/login/ajax',
      {
        username: 'nobody-at-all@example.test',
        password: 'not-the-password',
      },
      { headers: from },
    );
    // The caller learns nothing about whether the account exists.
    expect(bad.statusCode).toBe(unknown.statusCode);
    expect(bad.json()).toEqual(unknown.json());
    expect(await newest('auth.sign_in_failed')).toMatchObject({
      ...byAdmin(),
      details: { reason: 'wrong_password' },
    });
    const elsewhere = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('company_id', '=', b.company.id)
      .where('action', 'like', 'auth.%')
      .execute();
    expect(elsewhere).toEqual([]);
  });

  test('members: invited, role changed, removed, with the role before and after', async () => {
    const mate = await createTeammate(t.db, a.company.id);
    const members = `/api/companies/${a.company.shortname}/members`;
    const label = `${mate.user.first_name} ${mate.user.last_name}`;
    expect(
      (
        await admin.patch(
          `${members}/${mate.memberId}`,
          { role: 'admin' },
          { headers: from },
        )
      ).statusCode,
    ).toBe(200);
    expect(await newest('member.role_changed')).toMatchObject({
      ...byAdmin(),
      target: { type: 'member', id: String(mate.memberId), label },
      details: { role: { before: 'member', after: 'admin' } },
    });
    expect(
      (await admin.delete(`${members}/${mate.memberId}`, { headers: from }))
        .statusCode,
    ).toBe(204);
    expect(await newest('member.removed')).toMatchObject({
      ...byAdmin(),
      target: { label },
    });
    const invited = await admin.post(
      members,
      {
        email: 'new.colleague@example.test',
        first_name: 'Nina',
        last_name: 'New',
        role: 'member',
      },
      { headers: from },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    expect(await newest('member.invited')).toMatchObject({
      ...byAdmin(),
      target: { label: 'Nina New' },
      details: { role: 'member' },
    });
  });

  test('reviewers: added through the event stream, permissions changed, removed', async () => {
    const added = await admin.post(
      `/api/jobs/${a.job.id}/reviewers`,
      {
        email: 'rita.reviewer@example.test',
        first_name: 'Rita',
        last_name: 'Reviewer',
      },
      { headers: from },
    );
    expect(added.statusCode, added.body).toBe(201);
    const reviewerId = added.json<{ id: number }>().id;
    expect(await newest('reviewer.added')).toMatchObject({
      ...byAdmin(),
      target: { type: 'reviewer', label: 'Rita Reviewer' },
      details: { interview: a.job.title },
    });
    const changed = await admin.patch(
      `/api/jobs/${a.job.id}/reviewers/${reviewerId}`,
      { all_reviews: true },
      { headers: from },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await newest('reviewer.permissions_changed')).toMatchObject({
      ...byAdmin(),
      target: { id: String(reviewerId), label: 'Rita Reviewer' },
      details: { all_reviews: { after: true } },
    });
    await admin.delete(`/api/jobs/${a.job.id}/reviewers/${reviewerId}`, {
      headers: from,
    });
    expect(await newest('reviewer.removed')).toMatchObject(byAdmin());
  });

  test('API keys: created and revoked, never with the secret; a key acts as itself', async () => {
    const key = await createKey(t, {
      admin,
      shortname: a.company.shortname,
      scope: 'write',
      name: 'Payroll sync',
    });
    const created = await newest('api_key.created');
    expect(created).toMatchObject({
      actor: { type: 'user', id: a.owner.id },
      target: { type: 'api_key', id: String(key.id), label: 'Payroll sync' },
      details: { scope: 'write' },
    });
    expect(JSON.stringify(created)).not.toContain(key.secret.slice(12));

    const hook = await key.client.post(
      `/api/companies/${a.company.shortname}/webhooks`,
      { url: 'http://127.0.0.1:9/hook', events: ['application.created'] },
      { headers: from },
    );
    expect(hook.statusCode, hook.body).toBe(201);
    expect(await newest('webhook.created')).toMatchObject({
      actor: { type: 'api_key', id: key.id, name: 'Payroll sync' },
      ip: ADDRESS,
      target: { type: 'webhook', label: 'http://127.0.0.1:9/hook' },
    });
    const hookId = hook.json<{ id: number }>().id;
    const hooks = `/api/companies/${a.company.shortname}/webhooks/${hookId}`;
    await admin.patch(hooks, { enabled: false }, { headers: from });
    const updated = await newest('webhook.updated');
    expect(updated).toMatchObject({
      ...byAdmin(),
      details: { enabled: { before: true, after: false } },
    });
    expect(JSON.stringify(updated)).not.toContain('whsec_');
    await admin.delete(hooks, { headers: from });
    expect(await newest('webhook.deleted')).toMatchObject(byAdmin());

    await admin.delete(
      `/api/companies/${a.company.shortname}/api-keys/${key.id}`,
      {
        headers: from,
      },
    );
    expect(await newest('api_key.revoked')).toMatchObject({
      ...byAdmin(),
      target: { label: 'Payroll sync' },
    });
  });

  test('a CSV export, an erasure and a settings change', async () => {
    const csv = await admin.get(
      `/api/companies/${a.company.shortname}/export`,
      {
        headers: from,
      },
    );
    expect(csv.statusCode).toBe(200);
    expect(await newest('csv.exported')).toMatchObject({
      ...byAdmin(),
      target: { type: 'report', label: 'Interviews report' },
    });

    const applicant = await createApplication(t.db, {
      job_id: a.job.id,
      first_name: 'Erin',
      last_name: 'Erased',
      // Only an interviewee whose invitation bounced may be deleted by hand.
      invitation_failed: true,
    });
    const erased = await admin.delete(
      `/api/jobs/${a.job.id}/applications/${applicant.id}`,
      { headers: from },
    );
    expect(erased.statusCode, erased.body).toBe(204);
    const erasure = await newest('interviewee.erased');
    expect(erasure).toMatchObject({
      ...byAdmin(),
      target: { type: 'job', id: String(a.job.id), label: a.job.title },
    });
    expect(JSON.stringify(erasure)).not.toContain('Erin');

    const saved = await admin.post(
      '/api/settings',
      {
        name: 'Renamed for the audit',
        support_email: a.company.support_email,
        account_message: '',
        account_message_style: 0,
        sms_daily_cap: 500,
        sms_default_country: 'GB',
      },
      { headers: from },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = await newest('settings.updated');
    // Only what changed: the country was already GB.
    expect(settings.details.sms).toEqual({
      daily_cap: { before: 1000, after: 500 },
    });
    expect(settings).toMatchObject({
      ...byAdmin(),
      details: {
        name: { before: a.company.name, after: 'Renamed for the audit' },
      },
    });
  });

  test('the reminder settings, with what changed', async () => {
    const saved = await admin.put(
      '/api/reminder-settings',
      {
        enabled: true,
        hours_before: 24,
        morning_time: '09:00',
        time_zone: 'UTC',
      },
      { headers: from },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const entry = await newest('settings.updated');
    expect(entry).toMatchObject({
      ...byAdmin(),
      target: { label: 'Reminder settings' },
      details: {
        reminders: {
          hours_before: { before: 48, after: 24 },
          time_zone: { after: 'UTC' },
        },
      },
    });
  });

  test('a change that fails records nothing', async () => {
    const before = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await admin.patch(
      `/api/companies/${a.company.shortname}/members/${
        (await createTeammate(t.db, b.company.id)).memberId
      }`,
      { role: 'admin' },
    );
    expect(refused.statusCode).toBe(404);
    const after = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('reading the audit log', () => {
  test('admins and read keys; members and reviewers 403; another company 404', async () => {
    const member = await signedInClient(
      t,
      (await createTeammate(t.db, a.company.id)).user.id,
    );
    const reviewer = await createJobReviewer(t.db, a.job.id, {
      applicants: 4,
      all_reviews: true,
      rating: 1,
    });
    const reviewerClient = await signedInClient(t, reviewer.user.id);
    const readKey = await createKey(t, {
      admin,
      shortname: a.company.shortname,
      scope: 'read',
    });
    expect((await admin.get(logUrl())).statusCode).toBe(200);
    expect((await readKey.client.get(logUrl())).statusCode).toBe(200);
    expect((await member.get(logUrl())).statusCode).toBe(403);
    expect((await reviewerClient.get(logUrl())).statusCode).toBe(403);
    expect((await admin.get(logUrl(b.company.shortname))).statusCode).toBe(404);
    expect(
      (await readKey.client.get(logUrl(b.company.shortname))).statusCode,
    ).toBe(404);
  });

  test('pages newest first and filters by action, actor and day', async () => {
    const first = await admin.get(logUrl(a.company.shortname, '?page_size=2'));
    const page = first.json<AuditLogList>();
    expect(page.results).toHaveLength(2);
    expect(page.count).toBeGreaterThan(2);
    expect(page.previous).toBeNull();
    expect(page.next).toContain('page=2');
    const [newer, older] = page.results.map((entry) => entry.at);
    expect(String(newer) >= String(older)).toBe(true);
    const second = (await admin.get(String(page.next))).json<AuditLogList>();
    expect(second.previous).toContain('page=1');
    const shown = page.results.map((entry) => entry.id);
    expect(second.results.some((entry) => shown.includes(entry.id))).toBe(
      false,
    );

    const roles = (
      await admin.get(
        logUrl(a.company.shortname, '?action=member.role_changed'),
      )
    ).json<AuditLogList>();
    expect(roles.results.map((entry) => entry.action)).toEqual([
      'member.role_changed',
    ]);

    const byKey = (
      await admin.get(logUrl(a.company.shortname, '?actor=payroll'))
    ).json<AuditLogList>();
    expect(byKey.results.map((entry) => entry.actor.name)).toEqual([
      'Payroll sync',
    ]);

    const today = new Date().toISOString().slice(0, 10);
    const todays = (
      await admin.get(logUrl(a.company.shortname, `?from=${today}&to=${today}`))
    ).json<AuditLogList>();
    expect(todays.count).toBe(page.count);
    const none = (
      await admin.get(logUrl(a.company.shortname, '?to=2020-01-01'))
    ).json<AuditLogList>();
    expect(none).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect(
      (await admin.get(logUrl(a.company.shortname, '?action=nope'))).statusCode,
    ).toBe(400);
  });

  test('the CSV export holds the filtered rows and is itself recorded', async () => {
    const reply = await admin.get(
      logUrl(a.company.shortname, '/export?action=member.role_changed'),
      { headers: from },
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    // A byte-order mark first, for spreadsheets.
    expect(reply.rawPayload.subarray(0, 3)).toEqual(
      Buffer.from([0xef, 0xbb, 0xbf]),
    );
    const lines = reply.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'At (UTC),Actor type,Actor,Action,Target type,Target,IP address,User agent,Details',
    );
    expect(
      lines.slice(1).every((line) => line.includes(',member.role_changed,')),
    ).toBe(true);
    expect(lines).toHaveLength(2);
    expect(await newest('audit_log.exported')).toMatchObject({
      ...byAdmin(),
      details: { filter: { action: 'member.role_changed' } },
    });
  });
});

describe('keeping the log', () => {
  test('no connection may change or delete a row, nor empty the table', async () => {
    await expect(
      sql`UPDATE audit_log SET actor_name = 'someone else'`.execute(t.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`TRUNCATE audit_log`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    // The pruner's setting lets a DELETE through, never an UPDATE.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`SELECT set_config('candor.audit_prune', 'on', true)`.execute(
          trx,
        );
        await sql`UPDATE audit_log SET actor_name = 'someone else'`.execute(
          trx,
        );
      }),
    ).rejects.toThrow(/append-only/);
  });

  test('the pruner removes only the rows older than each company’s setting', async () => {
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['company_id', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('company_id')
      .execute();
    const countOf = (companyId: number) =>
      Number(rows.find((row) => row.company_id === companyId)?.n ?? 0);
    // Ten days from now, a company keeping 30 days loses nothing; at 40 days it loses all.
    expect(
      (await admin.put(logUrl(a.company.shortname, '/retention'), { days: 30 }))
        .statusCode,
    ).toBe(200);
    expect(await pruneAuditLog(t.db, { now: inDays(10), limit: 10_000 })).toBe(
      0,
    );
    const pruned = await pruneAuditLog(t.db, {
      now: inDays(40),
      limit: 10_000,
    });
    expect(pruned).toBe(countOf(a.company.id) + 1);
    const left = await t.db
      .selectFrom('audit_log')
      .select('company_id')
      .where('company_id', 'in', [a.company.id, b.company.id])
      .execute();
    // Company B keeps the default year.
    expect(left.length).toBe(countOf(b.company.id));
  });

  test('the retention setting: admins only, whole days from 30 to 3650, and its change is recorded', async () => {
    const url = logUrl(a.company.shortname, '/retention');
    expect((await admin.get(url)).json()).toEqual({ days: 30 });
    const tooShort = await admin.put(url, { days: 7 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toContain(
      'Keep the audit log at least 30 days',
    );
    expect((await admin.put(url, { days: 4000 })).statusCode).toBe(400);
    expect(
      (await admin.put(url, { days: 400 }, { headers: from })).json(),
    ).toEqual({
      days: 400,
    });
    expect(await newest('audit_log.retention_changed')).toMatchObject({
      ...byAdmin(),
      details: { days: { before: 30, after: 400 } },
    });
    const member = await signedInClient(
      t,
      (await createTeammate(t.db, a.company.id)).user.id,
    );
    expect((await member.put(url, { days: 60 })).statusCode).toBe(403);
  });
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
