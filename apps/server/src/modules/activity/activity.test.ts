import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEWER_APPLICANTS } from '@candor/domain';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { recordActivity } from './activity.repository';
import { renderActivity } from './activity.render';

let t: TestApp;
let client: TestClient;
let company: Awaited<ReturnType<typeof createCompany>>;
let job: Awaited<ReturnType<typeof createJob>>;
let jane: Awaited<ReturnType<typeof createApplication>>;
let bob: Awaited<ReturnType<typeof createApplication>>;
let reviewerUser: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  const other = await createCompany(t.db);
  const alex = await createUser(t.db, {
    companies: [company.id],
    firstName: 'Alex',
    lastName: 'Morgan',
  });
  reviewerUser = await createUser(t.db, {
    firstName: 'Sam',
    lastName: 'Taylor',
  });
  client = t.client();
  await client.signIn(alex.email, TEST_PASSWORD);
  job = await createJob(t.db, {
    company_id: company.id,
    title: 'Sales <lead>',
  });
  jane = await createApplication(t.db, {
    job_id: job.id,
    first_name: 'Jane',
    last_name: 'Doe',
  });
  bob = await createApplication(t.db, {
    job_id: job.id,
    first_name: 'Bob',
    last_name: "O'Neil",
  });
  const base = { companyId: company.id, jobId: job.id, userId: alex.id };
  await recordActivity(t.db, {
    ...base,
    verb: 'job.created',
    data: { title: job.title },
  });
  await recordActivity(t.db, {
    ...base,
    applicationId: jane.id,
    verb: 'application.invited',
  });
  await recordActivity(t.db, {
    ...base,
    applicationId: bob.id,
    verb: 'application.shortlisted',
  });
  await recordActivity(t.db, {
    ...base,
    userId: null,
    applicationId: jane.id,
    verb: 'application.responded',
  });
  await recordActivity(t.db, {
    ...base,
    applicationId: jane.id,
    verb: 'application.rated',
    data: { rating: 4 },
  });
  await recordActivity(t.db, { ...base, verb: 'something.new_thing' });
  await recordActivity(t.db, {
    companyId: other.id,
    verb: 'job.created',
    data: { title: 'Secret' },
  });
  const reviewer = await t.db
    .insertInto('reviewers')
    .values({
      job_id: job.id,
      user_id: reviewerUser.id,
      applicants: REVIEWER_APPLICANTS.chosen,
      account_status: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('reviewer_assignments')
    .values({ reviewer_id: reviewer.id, application_id: jane.id })
    .execute();
});
afterAll(() => t.close());

describe('activity feed', () => {
  it("lists the company's entries newest first as readable, escaped sentences", async () => {
    const reply = await client.get('/api/activities?page_size=8&page=1');
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.count).toBe(6);
    const histories = body.results.map(
      (entry: { history: string }) => entry.history,
    );
    expect(histories).toEqual([
      'Alex Morgan made a change (something new thing) for Sales <lead>',
      'Alex Morgan rated Jane Doe 4',
      'Jane Doe responded to Sales <lead>',
      "Alex Morgan shortlisted Bob O'Neil",
      'Alex Morgan invited Jane Doe',
      'Alex Morgan created the interview Sales <lead>',
    ]);
    const invited = body.results[4];
    expect(invited.html2).toBe(
      '<strong>Alex Morgan</strong> invited <strong>Jane Doe</strong>',
    );
    expect(invited.job).toEqual({ id: job.id, title: 'Sales <lead>' });
    // The web words the sentence in the reader's language from these (decision 141).
    expect(invited.params).toEqual({
      actor: 'Alex Morgan',
      applicant: 'Jane Doe',
    });
    expect(body.results[5].params).toEqual({
      actor: 'Alex Morgan',
      job: 'Sales <lead>',
    });
    expect(new Date(invited.when).toString()).not.toBe('Invalid Date');
    expect(body.results[5].html2).toBe(
      '<strong>Alex Morgan</strong> created the interview <strong>Sales &lt;lead&gt;</strong>',
    );
    expect(body.results[3].html2).toContain('Bob O&#39;Neil');
  });

  it('pages by 8 by default', async () => {
    const page = (
      await client.get('/api/activities?page_size=4&page=2')
    ).json();
    expect(page.results).toHaveLength(2);
    expect(page.previous).toContain('page=1');
    expect(page.next).toBeNull();
  });

  it("lists one job's entries, optionally for one interviewee", async () => {
    const all = (
      await client.get(`/api/jobs/${job.id}/activities?page_size=8&page=1`)
    ).json();
    expect(all.count).toBe(6);
    const janes = (
      await client.get(`/api/jobs/${job.id}/activities?application=${jane.id}`)
    ).json();
    expect(
      janes.results.map((entry: { history: string }) => entry.history),
    ).toEqual([
      'Alex Morgan rated Jane Doe 4',
      'Jane Doe responded to Sales <lead>',
      'Alex Morgan invited Jane Doe',
    ]);
  });

  it('limits a reviewer to the interviewees they may see', async () => {
    const reviewer = t.client();
    await reviewer.signIn(reviewerUser.email, TEST_PASSWORD);
    const entries = (
      await reviewer.get(`/api/jobs/${job.id}/activities`)
    ).json();
    const histories = entries.results.map(
      (entry: { history: string }) => entry.history,
    );
    expect(histories).not.toContain("Alex Morgan shortlisted Bob O'Neil");
    expect(histories).toContain('Alex Morgan invited Jane Doe');
    expect(histories).toContain(
      'Alex Morgan created the interview Sales <lead>',
    );
    expect(
      (
        await reviewer.get(
          `/api/jobs/${job.id}/activities?application=${bob.id}`,
        )
      ).statusCode,
    ).toBe(404);
    // A reviewer has no company feed.
    expect((await reviewer.get('/api/activities')).statusCode).toBe(403);
  });

  it("answers 404 for another company's job", async () => {
    const other = await createCompany(t.db);
    const theirs = await createJob(t.db, { company_id: other.id });
    expect(
      (await client.get(`/api/jobs/${theirs.id}/activities`)).statusCode,
    ).toBe(404);
  });
});

describe('activity sentences', () => {
  const facts = {
    data: {},
    actorName: 'Alex Morgan',
    applicantName: 'Jane Doe',
    jobTitle: 'Sales',
  };
  it.each([
    ['job.published', 'Alex Morgan published Sales'],
    ['job.copied', 'Alex Morgan created Sales from Template A'],
    ['application.added', 'Alex Morgan added Jane Doe to Sales'],
    [
      'reviewer.invited',
      'Alex Morgan invited sam@example.test to review Sales',
    ],
    ['video.deleted', 'Alex Morgan deleted the video Intro'],
    ['application.shortlist', 'Alex Morgan shortlisted Jane Doe'],
    ['application.rated', 'Alex Morgan rated Jane Doe 4 out of 5'],
    [
      'application.deadline_extended',
      'Alex Morgan extended the deadline of Jane Doe to 3 Dec 2026',
    ],
    [
      'applications.invited_all',
      'Alex Morgan invited 12 interviewees to Sales',
    ],
  ])('%s reads "%s"', (verb, text) => {
    const data = {
      from_title: 'Template A',
      email: 'sam@example.test',
      title: verb === 'video.deleted' ? 'Intro' : undefined,
      rating: 4,
      scale: 5,
      deadline: '2026-12-03T23:59:59.000Z',
      count: 12,
    };
    expect(renderActivity({ ...facts, verb, data }).text).toBe(text);
  });

  it('names a reviewer from the data captured at the time', () => {
    const data = { name: 'Sam Taylor', title: 'Sales' };
    expect(
      renderActivity({
        ...facts,
        applicantName: null,
        verb: 'reviewer.added',
        data,
      }).text,
    ).toBe('Alex Morgan added Sam Taylor as a reviewer of Sales');
  });

  it('names the system when nobody acted', () => {
    expect(
      renderActivity({ ...facts, actorName: null, verb: 'application.invited' })
        .text,
    ).toBe('Someone invited Jane Doe');
  });
});
