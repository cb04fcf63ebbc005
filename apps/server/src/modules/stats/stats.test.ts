import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { csvCell } from '../../platform/http/csv';

let t: TestApp;
let client: TestClient;
let company: Awaited<ReturnType<typeof createCompany>>;
const at = (iso: string) => new Date(iso);
const period = 'from_date=2026-03-01&to_date=2026-03-31';

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  const other = await createCompany(t.db);
  const user = await createUser(t.db, { companies: [company.id] });
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);

  // Sales: created and published in March.
  const sales = await createJob(t.db, {
    company_id: company.id,
    title: '=HYPERLINK("http://evil")',
    status: 'Published',
    created_at: at('2026-03-02T09:00:00Z'),
    published_at: at('2026-03-03T09:00:00Z'),
  });
  // Support: created in February (outside), its events in March count.
  const support = await createJob(t.db, {
    company_id: company.id,
    title: 'Support, "night" shift',
    status: 'Published',
    created_at: at('2026-02-10T09:00:00Z'),
    published_at: at('2026-02-11T09:00:00Z'),
  });
  // Old: nothing in March, so it is not listed.
  await createJob(t.db, {
    company_id: company.id,
    title: 'Old',
    created_at: at('2026-01-05T09:00:00Z'),
  });
  await createJob(t.db, {
    company_id: other.id,
    title: 'Not ours',
    created_at: at('2026-03-05T09:00:00Z'),
  });

  // Sales: 4 invited in March; 2 responded after 10 h and 30 h; one reviewed and shortlisted, one rejected.
  await createApplication(t.db, {
    job_id: sales.id,
    invited_at: at('2026-03-04T08:00:00Z'),
    responded_at: at('2026-03-04T18:00:00Z'),
    answer_count: 3,
    reviewed_at: at('2026-03-06T10:00:00Z'),
    shortlisted: true,
    shortlisted_at: at('2026-03-07T10:00:00Z'),
  });
  await createApplication(t.db, {
    job_id: sales.id,
    invited_at: at('2026-03-04T08:00:00Z'),
    responded_at: at('2026-03-05T14:00:00Z'),
    answer_count: 3,
    rejected: true,
    rejected_at: at('2026-03-08T10:00:00Z'),
  });
  await createApplication(t.db, {
    job_id: sales.id,
    invited_at: at('2026-03-20T08:00:00Z'),
  });
  await createApplication(t.db, {
    job_id: sales.id,
    invited_at: at('2026-03-21T08:00:00Z'),
  });
  await createApplication(t.db, { job_id: sales.id }); // never invited

  // Support: invited in February, responded in March after 50 h; invited in April (outside).
  const rated = await createApplication(t.db, {
    job_id: support.id,
    invited_at: at('2026-02-27T22:00:00Z'),
    responded_at: at('2026-03-02T00:00:00Z'),
    answer_count: 2,
    review_average: 4,
  });
  await t.db
    .insertInto('reviews')
    .values({
      application_id: rated.id,
      user_id: user.id,
      rating: 4,
      created_at: at('2026-03-10T12:00:00Z'),
    })
    .execute();
  await createApplication(t.db, {
    job_id: support.id,
    invited_at: at('2026-04-02T08:00:00Z'),
  });
});
afterAll(() => t.close());

describe('company stats', () => {
  it('equals the hand-counted figures for the period', async () => {
    const reply = await client.get(
      `/api/companies/${company.shortname}/stats?${period}`,
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe(
      'application/json; charset=utf-8',
    );
    const stats = reply.json();
    expect(stats).toMatchObject({
      from_date: '2026-03-01',
      to_date: '2026-03-31',
      interval: 'week',
    });
    expect(stats.totals).toEqual({
      interviews_created: 1,
      interviews_published: 1,
      invited: 4,
      responded: 3,
      completion_rate: 0.5, // of the 4 invited in March, 2 responded
      median_hours_to_respond: 30, // 10, 30 and 50 hours
      reviewed: 2, // reviewed_at on 6 March, first rating on 10 March
      shortlisted: 1,
      rejected: 1,
      satisfaction_responses: 0,
      satisfaction_average: null,
      satisfaction_distribution: [0, 0, 0, 0, 0],
    });
    const byTitle = Object.fromEntries(
      stats.jobs.map((job: { title: string }) => [job.title, job]),
    );
    expect(Object.keys(byTitle).sort()).toEqual([
      '=HYPERLINK("http://evil")',
      'Support, "night" shift',
    ]);
    expect(byTitle['=HYPERLINK("http://evil")']).toMatchObject({
      interviews_created: 1,
      invited: 4,
      responded: 2,
      completion_rate: 0.5,
      median_hours_to_respond: 20,
      reviewed: 1,
      shortlisted: 1,
      rejected: 1,
    });
    expect(byTitle['Support, "night" shift']).toMatchObject({
      interviews_created: 0,
      interviews_published: 0,
      invited: 0,
      responded: 1,
      completion_rate: null,
      median_hours_to_respond: 50,
      reviewed: 1,
    });
  });

  it('charts the same events per week from Monday', async () => {
    const stats = (
      await client.get(`/api/companies/${company.shortname}/stats?${period}`)
    ).json();
    expect(
      stats.over_time.map((point: { period: string }) => point.period),
    ).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
    const week = (day: string) =>
      stats.over_time.find((point: { period: string }) => point.period === day);
    expect(week('2026-03-02')).toMatchObject({
      interviews_created: 1,
      invited: 2,
      responded: 3,
      reviewed: 1,
      shortlisted: 1,
      rejected: 1,
    });
    expect(week('2026-03-09')).toMatchObject({ reviewed: 1 });
    expect(week('2026-03-16')).toMatchObject({ invited: 2 });
    const sum = (key: string) =>
      stats.over_time.reduce(
        (total: number, point: Record<string, number>) =>
          total + (point[key] ?? 0),
        0,
      );
    expect(sum('invited')).toBe(stats.totals.invited);
    expect(sum('responded')).toBe(stats.totals.responded);
  });

  it('charts a long period per month', async () => {
    const stats = (
      await client.get(
        `/api/companies/${company.shortname}/stats?from_date=2026-01-01&to_date=2026-06-30`,
      )
    ).json();
    expect(stats.interval).toBe('month');
    expect(
      stats.over_time.map((point: { period: string }) => point.period),
    ).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
    ]);
    expect(stats.totals.interviews_created).toBe(3);
    expect(
      stats.jobs.find((job: { title: string }) => job.title === 'Old'),
    ).toMatchObject({
      interviews_created: 1,
      interviews_published: 0,
    });
    expect(stats.over_time[1]).toMatchObject({
      period: '2026-02-01',
      interviews_created: 1,
      invited: 1,
    });
  });

  it('refuses dates the wrong way round and another company', async () => {
    const backwards = await client.get(
      `/api/companies/${company.shortname}/stats?from_date=2026-04-01&to_date=2026-03-01`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(
      (await client.get(`/api/companies/someone-else/stats?${period}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await client.get(`/api/companies/someone-else/export?${period}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('CSV export', () => {
  it('downloads the per-interview figures with formula cells neutralised', async () => {
    const reply = await client.get(
      `/api/companies/${company.shortname}/export?${period}`,
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toContain(
      'attachment; filename=',
    );
    const lines = reply.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Interview,Status,Created,Interviews created,Interviews published,Interviewees invited,Responded,' +
        'Completion rate (%),Median hours to respond,Reviewed,Shortlisted,Rejected,' +
        'Rated the experience,Average experience (1 to 5),Rated 1,Rated 2,Rated 3,Rated 4,Rated 5',
    );
    expect(lines).toContain(
      `"'=HYPERLINK(""http://evil"")",Published,2026-03-02,1,1,4,2,50,20,1,1,1,0,,0,0,0,0,0`,
    );
    expect(lines).toContain(
      '"Support, ""night"" shift",Published,2026-02-10,0,0,0,1,,50,1,0,0,0,,0,0,0,0,0',
    );
    expect(lines.at(-1)).toBe(
      'All interviews,,,1,1,4,3,50,30,2,1,1,0,,0,0,0,0,0',
    );
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+44 20', "'+44 20"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rCR', `"'\rCR"`],
    ['Plain, text', '"Plain, text"'],
    [12, '12'],
  ])('escapes the cell %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('reports computed recently', () => {
  it("serve others' changes after the time allowed, and the company's own at once", async () => {
    const job = await createJob(t.db, {
      company_id: company.id,
      title: 'Cached',
      status: 'Published',
      published_at: new Date(),
    });
    const invitedThisMonth = async () => {
      const reply = await client.get(
        `/api/companies/${company.shortname}/stats`,
      );
      expect(reply.statusCode).toBe(200);
      return reply.json().totals.invited as number;
    };
    // The CSV file comes from the same report: its total line, the invited column.
    const invitedInCsv = async () => {
      const reply = await client.get(
        `/api/companies/${company.shortname}/export`,
      );
      expect(reply.statusCode).toBe(200);
      return Number(reply.body.trimEnd().split('\r\n').at(-1)?.split(',')[5]);
    };
    const before = await invitedThisMonth();
    expect(await invitedInCsv()).toBe(before);
    // Written straight to the database, as another server process would: the report computed
    // a moment ago is still the one served (STATS_CACHE_SECONDS, 30 s by default).
    await createApplication(t.db, { job_id: job.id, invited_at: new Date() });
    expect(await invitedThisMonth()).toBe(before);
    expect(await invitedInCsv()).toBe(before);

    // The company's own invitation clears its reports, so both invitations show at once.
    const applicant = await createApplication(t.db, {
      job_id: job.id,
      email: 'cached@example.com',
    });
    const invited = await client.post(
      `/api/jobs/${job.id}/applications/${applicant.id}/invite`,
      '',
      { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
    expect(invited.statusCode, invited.body).toBe(200);
    expect(await invitedThisMonth()).toBe(before + 2);
    expect(await invitedInCsv()).toBe(before + 2);
  });
});
