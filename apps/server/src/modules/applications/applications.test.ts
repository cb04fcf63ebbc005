import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '@candor/domain';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { storedZip, writeXlsx } from '../../../test/xlsx-writer';

let t: TestApp;
let client: TestClient;
let companyId: number;
beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db);
  companyId = company.id;
  const user = await createUser(t.db, { companies: [company.id] });
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const day = 24 * 60 * 60 * 1000;
const past = () => new Date(Date.now() - 2 * day);
const future = () => new Date(Date.now() + 3 * day);

function csvUpload(name: string, type: string, data: Buffer) {
  const { body, headers } = multipartBody(
    {},
    { csv: { filename: name, type, data } },
  );
  return client.post('/csv', body, { headers });
}

describe('POST /csv (bulk-add parser)', () => {
  it('parses an uploaded CSV with good and bad rows, trimming cells and dropping empty rows', async () => {
    const csv =
      'First name,Last name,Email\nAnn , Lee,ann@example.com\n\nBob,,not-an-email\n"Cé, Jr",Dú,ce@example.com\n';
    const response = await csvUpload(
      'people.csv',
      'text/csv',
      Buffer.from(csv),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().rows).toEqual([
      ['First name', 'Last name', 'Email'],
      ['Ann', 'Lee', 'ann@example.com'],
      ['Bob', '', 'not-an-email'],
      ['Cé, Jr', 'Dú', 'ce@example.com'],
    ]);
  });

  it('parses pasted tab-separated text sent as a field', async () => {
    const { body, headers } = multipartBody({
      csv: 'Ann\tLee\tann@example.com\nBo\tKim\tbo@example.com',
    });
    const response = await client.post('/csv', body, { headers });
    expect(response.json().rows).toEqual([
      ['Ann', 'Lee', 'ann@example.com'],
      ['Bo', 'Kim', 'bo@example.com'],
    ]);
  });

  it('parses an XLSX workbook', async () => {
    const xlsx = writeXlsx([
      ['First name', 'Last name', 'Email'],
      ['Zoë', 'Ng', 'zoe@example.com'],
      ['Bad', 'Row', 'bad@'],
    ]);
    const response = await csvUpload(
      'people.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      xlsx,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().rows).toEqual([
      ['First name', 'Last name', 'Email'],
      ['Zoë', 'Ng', 'zoe@example.com'],
      ['Bad', 'Row', 'bad@'],
    ]);
  });

  it.each([
    [
      'bad encoding',
      Buffer.from([0x41, 0x6e, 0x6e, 0x2c, 0xe9, 0x0a]),
      /not UTF-8/,
    ],
    ['empty', Buffer.from('\n , \n'), /empty/],
    [
      'too many rows',
      Buffer.from(
        Array.from({ length: 5001 }, (_, i) => `A,B,a${i}@example.com`).join(
          '\n',
        ),
      ),
      /more than 5,000 rows/,
    ],
    [
      'a zip bomb',
      storedZip([
        {
          name: 'xl/worksheets/sheet1.xml',
          data: Buffer.from('<x/>'),
          claimedSize: 900 * 1024 * 1024,
        },
      ]),
      /too large once unpacked/,
    ],
    ['a broken zip', Buffer.from('PK\u0003\u0004garbage'), /could not be read/],
  ])('refuses %s with a readable error', async (_name, data, message) => {
    const response = await csvUpload('people.csv', 'text/csv', data);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(message);
  });

  it('refuses a file over 2 MB', async () => {
    const response = await csvUpload(
      'big.csv',
      'text/csv',
      Buffer.alloc(2 * 1024 * 1024 + 10, 'a'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/larger than 2 MB/);
  });
});

describe('POST /api/jobs/{job}/applications', () => {
  it('adds one interviewee with status not_invited and reports its field errors', async () => {
    const job = await createJob(t.db, { company_id: companyId });
    const bad = await client.post(`/api/jobs/${job.id}/applications`, {
      user: { first_name: 'Ann', last_name: '', email: 'ann@' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      last_name: ['Last name is required'],
      email: ['Enter a valid email address'],
    });

    const ok = await client.post(`/api/jobs/${job.id}/applications`, {
      user: { first_name: 'Ann', last_name: 'Lee', email: 'Ann@Example.com' },
      job: job.id,
      status: 0,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().added).toBe(1);
    const row = await t.db
      .selectFrom('applications')
      .selectAll()
      .where('job_id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 0,
      first_name: 'Ann',
      email: 'Ann@Example.com',
      phone: '',
    });

    const again = await client.post(`/api/jobs/${job.id}/applications`, {
      user: { first_name: 'A', last_name: 'L', email: 'ann@example.com' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.email[0]).toMatch(/already been added/);
  });

  it('adds a list with status 3, or nothing at all when a row fails, reporting every bad row', async () => {
    const job = await createJob(t.db, { company_id: companyId });
    await createApplication(t.db, {
      job_id: job.id,
      email: 'taken@example.com',
    });
    const rows = [
      {
        row: 1,
        job: job.id,
        status: 3,
        user: { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' },
      },
      {
        row: 2,
        job: job.id,
        status: 3,
        user: { first_name: 'Bob', last_name: 'Ray', email: 'bob@' },
      },
      {
        row: 3,
        job: job.id,
        status: 3,
        user: { first_name: 'Cy', last_name: 'Do', email: 'ANN@example.com' },
      },
      {
        row: 4,
        job: job.id,
        status: 3,
        user: { first_name: 'Di', last_name: 'Ek', email: 'taken@example.com' },
      },
      {
        row: 5,
        job: job.id + 1000,
        status: 3,
        user: { first_name: 'Ed', last_name: 'Fo', email: 'ed@example.com' },
      },
    ];
    const refused = await client.post(`/api/jobs/${job.id}/applications`, rows);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Rows 2, 3, 4 and 5 have errors',
      fields: {
        '2.email': ['Enter a valid email address'],
        '5': ['This row is for another interview'],
      },
      errors: [
        { row: 2, user: { email: ['Enter a valid email address'] } },
        { row: 3, user: { email: ['This email is already in row 1'] } },
        {
          row: 4,
          user: {
            email: ['This email has already been added to this interview'],
          },
        },
        { row: 5, general: 'This row is for another interview' },
      ],
    });
    const count = await t.db
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    const added = await client.post(`/api/jobs/${job.id}/applications`, [
      rows[0],
    ]);
    expect(added.statusCode).toBe(201);
    expect(added.json().added).toBe(1);
    const ann = await t.db
      .selectFrom('applications')
      .selectAll()
      .where('email', '=', 'ann@example.com')
      .executeTakeFirstOrThrow();
    expect(ann.status).toBe(3);
    const activity = await t.db
      .selectFrom('activities')
      .selectAll()
      .where('job_id', '=', job.id)
      .where('verb', '=', 'applications.bulk_added')
      .executeTakeFirst();
    expect(activity).toBeDefined();
  });

  it('keeps phone numbers only for companies with SMS, in E.164', async () => {
    const smsCompany = await createCompany(t.db, { sms_enabled: true });
    const smsUser = await createUser(t.db, { companies: [smsCompany.id] });
    const smsClient = t.client();
    await smsClient.signIn(smsUser.email, TEST_PASSWORD);
    const smsJob = await createJob(t.db, { company_id: smsCompany.id });
    const plainJob = await createJob(t.db, { company_id: companyId });
    const user = {
      first_name: 'Pat',
      last_name: 'Ro',
      email: 'pat@example.com',
      phone: '+44 7700 900123',
    };
    expect(
      (
        await smsClient.post(`/api/jobs/${smsJob.id}/applications`, [
          { row: 1, user },
        ])
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await client.post(`/api/jobs/${plainJob.id}/applications`, [
          { row: 1, user },
        ])
      ).statusCode,
    ).toBe(201);
    const phones = await t.db
      .selectFrom('applications')
      .select(['job_id', 'phone'])
      .where('email', '=', 'pat@example.com')
      .execute();
    expect(phones.find((row) => row.job_id === smsJob.id)?.phone).toBe(
      '+447700900123',
    );
    expect(phones.find((row) => row.job_id === plainJob.id)?.phone).toBe('');
  });
});

describe('GET /api/jobs/{job}/applications (stages, filters, labels, actions)', () => {
  it('filters by the derived stage in SQL, counts every filter and stage, and derives labels and actions', async () => {
    const job = await createJob(t.db, {
      company_id: companyId,
      status: 'Published',
    });
    await t.db
      .insertInto('questions')
      .values(
        [1, 2, 3].map((order) => ({
          job_id: job.id,
          text: `Q${order}`,
          thinking_time: 30,
          time_limit: 60,
          order,
        })),
      )
      .execute();
    const make = (
      values: Parameters<typeof createApplication>[1] extends infer V
        ? Omit<V & object, 'job_id'>
        : never,
    ) => createApplication(t.db, { job_id: job.id, ...values });
    const notInvited = await make({});
    const undelivered = await make({
      invited_at: past(),
      invitation_failed: true,
    });
    const archivedToInvite = await make({ archived: true });
    const awaiting = await make({ invited_at: past(), deadline: future() });
    const expired = await make({ invited_at: past(), deadline: past() });
    const withdrawn = await make({
      invited_at: past(),
      deadline: future(),
      declined_at: past(),
      declined_reason: 'Found a job',
    });
    const complete = await make({
      invited_at: past(),
      responded_at: past(),
      answer_count: 3,
    });
    const incomplete = await make({
      invited_at: past(),
      answer_count: 2,
      status: 6,
    });
    const reviewed = await make({
      invited_at: past(),
      answer_count: 3,
      review_average: 4,
      review_count: 1,
    });
    const shortlisted = await make({
      invited_at: past(),
      answer_count: 3,
      shortlisted: true,
      shortlisted_at: past(),
    });
    const rejected = await make({
      invited_at: past(),
      answer_count: 3,
      rejected: true,
      rejected_at: past(),
    });

    const list = async (query: string) => {
      const response = await client.get(
        `/api/jobs/${job.id}/applications?${query}`,
      );
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const ids = (body: { results: { id: number }[] }) =>
      body.results.map((row) => row.id).sort((a, b) => a - b);

    const toInvite = await list('status=ToInvite&filter=All');
    expect(ids(toInvite)).toEqual([notInvited.id, undelivered.id]);
    expect(toInvite.stages).toEqual({
      ToInvite: 2,
      AwaitingResponse: 3,
      Responded: 2,
      Reviewed: 1,
      Outcomes: 2,
    });
    expect(toInvite.filters).toEqual([
      { id: 'All', count: 2, hide_when_empty: false },
      { id: 'NotInvited', count: 1, hide_when_empty: true },
      { id: 'Undelivered', count: 1, hide_when_empty: true },
      { id: 'Archived', count: 1, hide_when_empty: true },
    ]);
    const byId = (body: { results: { id: number }[] }, id: number) =>
      body.results.find((row) => row.id === id) as Record<string, unknown>;
    expect(byId(toInvite, undelivered.id)).toMatchObject({
      stage: 'ToInvite',
      status_label: { text: 'Email undelivered' },
      actions: ['delete', 'invite'],
    });
    expect(byId(toInvite, notInvited.id)).toMatchObject({
      status_label: { text: 'Not yet invited' },
      actions: ['invite'],
    });
    expect(ids(await list('status=ToInvite&filter=Archived'))).toEqual([
      archivedToInvite.id,
    ]);

    const awaitingList = await list('status=AwaitingResponse');
    expect(
      awaitingList.filters.map((filter: { id: string; count: number }) => [
        filter.id,
        filter.count,
      ]),
    ).toEqual([
      ['All', 3],
      ['Awaiting', 1],
      ['Expired', 1],
      ['Withdrawn', 1],
      ['Archived', 0],
    ]);
    // Whose deadline is still ahead is moved from Expired to Awaiting, in the lists as in the
    // counts.
    expect(ids(await list('status=AwaitingResponse&filter=Awaiting'))).toEqual([
      awaiting.id,
    ]);
    expect(ids(await list('status=AwaitingResponse&filter=Expired'))).toEqual([
      expired.id,
    ]);
    expect(byId(awaitingList, withdrawn.id)).toMatchObject({
      status_label: { text: 'Withdrawn', hover: 'Found a job' },
      actions: ['archive'],
    });
    expect(byId(awaitingList, expired.id)).toMatchObject({
      status_label: { text: 'Expired' },
      actions: ['extend'],
    });
    expect(byId(awaitingList, awaiting.id)).toMatchObject({
      status_label: { text: 'Awaiting response' },
      actions: ['resend'],
    });
    expect(ids(await list('status=AwaitingResponse&filter=expired'))).toEqual([
      expired.id,
    ]);

    const responded = await list('status=Responded');
    expect(byId(responded, incomplete.id)).toMatchObject({
      status_label: { text: 'Not reviewed', incomplete: true },
      actions: ['review'],
    });
    expect(byId(responded, complete.id)).toMatchObject({
      status_label: { text: 'Not reviewed', incomplete: false },
    });
    expect(ids(await list('status=Responded&filter=Incomplete'))).toEqual([
      incomplete.id,
    ]);

    expect(ids(await list('status=Reviewed'))).toEqual([reviewed.id]);
    expect(ids(await list('status=Outcomes&filter=Shortlisted'))).toEqual([
      shortlisted.id,
    ]);
    expect(ids(await list('status=Outcomes&filter=Rejected'))).toEqual([
      rejected.id,
    ]);
    expect(
      ids(
        await list(
          // Up to the @: the factories' counter is shared by every file a worker runs, so a
          // fixed length could end in the middle of the number (applicant100 in applicant1000).
          `status=Outcomes&q=${encodeURIComponent(rejected.email.slice(0, rejected.email.indexOf('@') + 1))}`,
        ),
      ),
    ).toEqual([rejected.id]);
    // The name in any case; not a text that runs on from the name into the e-mail address.
    expect(
      ids(
        await list(
          `status=Outcomes&q=${encodeURIComponent(`${rejected.first_name} ${rejected.last_name}`.toUpperCase())}`,
        ),
      ),
    ).toEqual([rejected.id]);
    expect(
      ids(
        await list(
          `status=Outcomes&q=${encodeURIComponent(`${rejected.last_name} ${rejected.email.slice(0, 5)}`)}`,
        ),
      ),
    ).toEqual([]);

    // A search that every applicant matches counts them live, in one pass, and must agree with
    // the counters on every stage and every filter.
    for (const stage of STAGES) {
      const counted = await list(`status=${stage}`);
      const searched = await list(`status=${stage}&q=example.test`);
      expect([stage, searched.stages, searched.filters]).toEqual([
        stage,
        counted.stages,
        counted.filters,
      ]);
    }

    const paged = await list('status=AwaitingResponse&page_size=2&page=2');
    expect(paged).toMatchObject({
      count: 3,
      previous: expect.stringContaining('page=1'),
    });
    expect(paged.results).toHaveLength(1);
    // Past the last page and in an empty filter, no applicant and the same counts.
    for (const query of [
      'status=AwaitingResponse&page_size=2&page=3',
      'status=AwaitingResponse&filter=Archived',
    ])
      expect(await list(query)).toMatchObject({
        results: [],
        stages: awaitingList.stages,
        filters: awaitingList.filters,
      });

    const wrongFilter = await client.get(
      `/api/jobs/${job.id}/applications?status=ToInvite&filter=Shortlisted`,
    );
    expect(wrongFilter.statusCode).toBe(400);

    const one = await client.get(
      `/api/jobs/${job.id}/applications/${reviewed.id}`,
    );
    expect(one.json()).toMatchObject({
      id: reviewed.id,
      user: { full_name: `${reviewed.first_name} ${reviewed.last_name}` },
      average_review: { review_average: 4, from_count: 1 },
      stage: 'Reviewed',
      actions: ['review', 'shortlist', 'reject'],
      interview_url: `http://localhost:3000/i/${reviewed.shortcode}`,
      _token: reviewed.token,
    });
  });

  it('shows a reviewer with chosen interviewees only those, and 404 for the others', async () => {
    const job = await createJob(t.db, { company_id: companyId });
    const mine = await createApplication(t.db, { job_id: job.id });
    const other = await createApplication(t.db, { job_id: job.id });
    const reviewerUser = await createUser(t.db);
    const reviewer = await t.db
      .insertInto('reviewers')
      .values({
        job_id: job.id,
        user_id: reviewerUser.id,
        applicants: 4,
        account_status: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('reviewer_assignments')
      .values({ reviewer_id: reviewer.id, application_id: mine.id })
      .execute();
    const reviewerClient = t.client();
    await reviewerClient.signIn(reviewerUser.email, TEST_PASSWORD);
    const list = await reviewerClient.get(
      `/api/jobs/${job.id}/applications?status=ToInvite`,
    );
    expect(list.json().results.map((row: { id: number }) => row.id)).toEqual([
      mine.id,
    ]);
    expect(list.json().stages.ToInvite).toBe(1);
    // Company-only actions (invite) never reach a reviewer.
    expect(list.json().results[0].actions).toEqual([]);
    expect(
      (await reviewerClient.get(`/api/jobs/${job.id}/applications/${other.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await reviewerClient.post(
          `/api/jobs/${job.id}/applications/${mine.id}/archive`,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('gives the next applicant of the same stage', async () => {
    const job = await createJob(t.db, { company_id: companyId });
    const first = await createApplication(t.db, {
      job_id: job.id,
      answer_count: 1,
      created_at: new Date(Date.now() - 3000),
    });
    const second = await createApplication(t.db, {
      job_id: job.id,
      answer_count: 1,
      created_at: new Date(Date.now() - 2000),
    });
    await createApplication(t.db, { job_id: job.id });
    const next = await client.get(
      `/api/jobs/${job.id}/applications/${second.id}/next`,
    );
    expect(next.json().next.id).toBe(first.id);
    expect(
      (
        await client.get(`/api/jobs/${job.id}/applications/${first.id}/next`)
      ).json().next,
    ).toBeNull();
  });
});

describe('applicant actions', () => {
  it('refuses with 409 what the rules do not offer, and records what they do', async () => {
    const job = await createJob(t.db, { company_id: companyId });
    const fresh = await createApplication(t.db, { job_id: job.id });
    const declined = await createApplication(t.db, {
      job_id: job.id,
      invited_at: past(),
      declined_at: past(),
    });
    const reviewed = await createApplication(t.db, {
      job_id: job.id,
      answer_count: 2,
      reviewed_at: past(),
    });
    const failed = await createApplication(t.db, {
      job_id: job.id,
      invited_at: past(),
      invitation_failed: true,
    });
    const post = (id: number, action: string) =>
      client.post(`/api/jobs/${job.id}/applications/${id}/${action}`);

    const refused = await post(fresh.id, 'shortlist');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This interviewee cannot be shortlisted now.',
    );
    expect((await post(fresh.id, 'archive')).statusCode).toBe(409);
    expect(
      (await client.delete(`/api/jobs/${job.id}/applications/${fresh.id}`))
        .statusCode,
    ).toBe(409);

    const archived = await post(declined.id, 'archive');
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({
      archived: true,
      actions: ['unarchive'],
    });
    expect((await post(declined.id, 'archive')).statusCode).toBe(409);
    expect((await post(declined.id, 'unarchive')).json()).toMatchObject({
      archived: false,
      actions: ['archive'],
    });

    const shortlisted = await post(reviewed.id, 'shortlist');
    expect(shortlisted.json()).toMatchObject({
      shortlisted: true,
      stage: 'Outcomes',
      actions: ['view', 'unshortlist'],
    });
    expect((await post(reviewed.id, 'reject')).statusCode).toBe(409);
    expect((await post(reviewed.id, 'unshortlist')).json()).toMatchObject({
      shortlisted: false,
      stage: 'Reviewed',
    });

    const responded = await createApplication(t.db, {
      job_id: job.id,
      answer_count: 1,
    });
    expect((await post(responded.id, 'reviewed')).json()).toMatchObject({
      stage: 'Reviewed',
    });
    expect((await post(fresh.id, 'reviewed')).statusCode).toBe(409);

    expect(
      (await client.delete(`/api/jobs/${job.id}/applications/${failed.id}`))
        .statusCode,
    ).toBe(204);
    expect(
      await t.db
        .selectFrom('applications')
        .select('id')
        .where('id', '=', failed.id)
        .executeTakeFirst(),
    ).toBeUndefined();

    const verbs = await t.db
      .selectFrom('activities')
      .select('verb')
      .where('job_id', '=', job.id)
      .execute();
    expect(verbs.map((row) => row.verb)).toEqual(
      expect.arrayContaining([
        'application.archive',
        'application.unarchive',
        'application.shortlist',
        'application.unshortlist',
        'application.review_completed',
        'application.deleted',
      ]),
    );
  });

  it('hides every action on an SJT assessment', async () => {
    const job = await createJob(t.db, {
      company_id: companyId,
      sjt_assessment: true,
    });
    const reviewed = await createApplication(t.db, {
      job_id: job.id,
      answer_count: 2,
      reviewed_at: past(),
    });
    expect(
      (
        await client.get(`/api/jobs/${job.id}/applications/${reviewed.id}`)
      ).json().actions,
    ).toEqual([]);
    expect(
      (
        await client.post(
          `/api/jobs/${job.id}/applications/${reviewed.id}/shortlist`,
        )
      ).statusCode,
    ).toBe(409);
  });

  it('stores a CV and refuses a fake PDF', async () => {
    const job = await createJob(t.db, { company_id: companyId });
    const app = await createApplication(t.db, { job_id: job.id });
    const upload = (filename: string, data: Buffer) => {
      const { body, headers } = multipartBody(
        {},
        { cv: { filename, type: 'application/pdf', data } },
      );
      return client.post(`/api/jobs/${job.id}/applications/${app.id}`, body, {
        headers,
      });
    };
    expect((await upload('cv.pdf', Buffer.from('hello'))).statusCode).toBe(400);
    const ok = await upload(
      'cv.pdf',
      Buffer.from('%PDF-1.4\n%fake but headed\n'),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      cv_filename: 'cv.pdf',
      cv: expect.any(String),
    });
  });
});

describe('tenant isolation', () => {
  it("answers 404 on every route for another company's job", async () => {
    const other = await createCompany(t.db);
    const job = await createJob(t.db, { company_id: other.id });
    const app = await createApplication(t.db, { job_id: job.id });
    const base = `/api/jobs/${job.id}`;
    const calls = [
      client.get(`${base}/applications?status=ToInvite`),
      client.get(`${base}/applications/${app.id}`),
      client.get(`${base}/applications/${app.id}/next`),
      client.post(`${base}/applications`, {
        user: { first_name: 'A', last_name: 'B', email: 'a@b.co' },
      }),
      ...[
        'shortlist',
        'unshortlist',
        'reject',
        'archive',
        'unarchive',
        'reviewed',
        'invite',
        'extend',
        'email',
      ].map((action) =>
        client.post(`${base}/applications/${app.id}/${action}`, {}),
      ),
      client.post(`${base}/invite_all`, {}),
      client.post(`${base}/extend_all`, { deadline: future().toISOString() }),
      client.post(`${base}/email_questions`, { msg_to: 'x@example.com' }),
      client.delete(`${base}/applications/${app.id}`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
    }
    const cv = multipartBody(
      {},
      {
        cv: {
          filename: 'cv.pdf',
          type: 'application/pdf',
          data: Buffer.from('%PDF-'),
        },
      },
    );
    expect(
      (
        await client.post(`${base}/applications/${app.id}`, cv.body, {
          headers: cv.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});
