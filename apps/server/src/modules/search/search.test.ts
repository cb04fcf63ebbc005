import { sql } from 'kysely';
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

let t: TestApp;
let client: TestClient;
let job: Awaited<ReturnType<typeof createJob>>;
let jane: Awaited<ReturnType<typeof createApplication>>;
let reviewerUser: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db);
  const other = await createCompany(t.db);
  const user = await createUser(t.db, { companies: [company.id] });
  reviewerUser = await createUser(t.db);
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
  job = await createJob(t.db, {
    company_id: company.id,
    title: 'Barista',
    status: 'Published',
  });
  await t.db
    .insertInto('questions')
    .values(
      [1, 2].map((order) => ({
        job_id: job.id,
        text: `Q${order}`,
        thinking_time: 30,
        time_limit: 60,
        order,
      })),
    )
    .execute();
  jane = await createApplication(t.db, {
    job_id: job.id,
    first_name: 'Jane',
    last_name: 'Doe-Smith',
    email: 'jane.doe@brightmail.example',
    invited_at: new Date(Date.now() - 86_400_000),
    responded_at: new Date(),
    answer_count: 1,
  });
  await createApplication(t.db, {
    job_id: job.id,
    first_name: 'Janet',
    last_name: 'Brown',
    email: 'jb@post.example',
    invited_at: new Date(Date.now() - 10 * 86_400_000),
    deadline: new Date(Date.now() - 86_400_000),
  });
  await createApplication(t.db, {
    job_id: job.id,
    first_name: 'Omar',
    last_name: 'Khan',
    email: 'omar_100%@post.example',
    shortlisted: true,
    answer_count: 2,
  });
  const theirs = await createJob(t.db, { company_id: other.id });
  await createApplication(t.db, {
    job_id: theirs.id,
    first_name: 'Jane',
    last_name: 'Elsewhere',
    email: 'jane@other.example',
  });
  const reviewer = await t.db
    .insertInto('reviewers')
    .values({
      job_id: job.id,
      user_id: reviewerUser.id,
      applicants: REVIEWER_APPLICANTS.chosen,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('reviewer_assignments')
    .values({ reviewer_id: reviewer.id, application_id: jane.id })
    .execute();
});
afterAll(() => t.close());

const names = (body: { results: { full_name: string }[] }) =>
  body.results.map((result) => result.full_name).sort();

describe('interviewee search', () => {
  it('finds people by part of their name, only in the caller’s company', async () => {
    const reply = await client.get('/api/applications?q=jan');
    expect(reply.statusCode).toBe(200);
    expect(names(reply.json())).toEqual(['Jane Doe-Smith', 'Janet Brown']);
    expect(
      names((await client.get('/api/applications?q=DOE-SM')).json()),
    ).toEqual(['Jane Doe-Smith']);
    expect(
      names((await client.get('/api/applications?q=jane doe')).json()),
    ).toEqual(['Jane Doe-Smith']);
  });

  it('finds people by part of their e-mail address, with wildcards taken literally', async () => {
    expect(
      names((await client.get('/api/applications?q=brightmail')).json()),
    ).toEqual(['Jane Doe-Smith']);
    expect(
      names((await client.get('/api/applications?q=post.ex')).json()),
    ).toEqual(['Janet Brown', 'Omar Khan']);
    expect(
      names(
        (
          await client.get(`/api/applications?q=${encodeURIComponent('_100%')}`)
        ).json(),
      ),
    ).toEqual(['Omar Khan']);
    expect(
      (
        await client.get(`/api/applications?q=${encodeURIComponent('%%%')}`)
      ).json().count,
    ).toBe(0);
  });

  it('needs at least 3 characters', async () => {
    const reply = await client.get('/api/applications?q=ja');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/at least 3 characters/);
  });

  it('gives the search status label, answers and the link target', async () => {
    const results = (await client.get('/api/applications?q=example')).json()
      .results;
    const byName = Object.fromEntries(
      results.map((result: { full_name: string }) => [
        result.full_name,
        result,
      ]),
    );
    expect(byName['Jane Doe-Smith']).toMatchObject({
      status_label: 'Not reviewed',
      incomplete: true, // 1 answer, 2 questions
      has_answers: true,
      job: { id: job.id, title: 'Barista', status: 'Published' },
      stage: 'Responded',
    });
    expect(byName['Janet Brown']).toMatchObject({
      status_label: 'Expired',
      has_answers: false,
      stage: 'AwaitingResponse',
      filter: 'All',
    });
    expect(byName['Omar Khan']).toMatchObject({
      status_label: 'Successful',
      stage: 'Outcomes',
    });
  });

  it('narrows to one job', async () => {
    const other = await createJob(t.db, { company_id: job.company_id });
    await createApplication(t.db, {
      job_id: other.id,
      first_name: 'Janice',
      last_name: 'Lee',
    });
    expect(
      names(
        (await client.get(`/api/applications?q=jan&job=${other.id}`)).json(),
      ),
    ).toEqual(['Janice Lee']);
  });

  it('keeps a company user to the current company even where they also review', async () => {
    const elsewhere = await t.db
      .selectFrom('jobs')
      .innerJoin('applications', 'applications.job_id', 'jobs.id')
      .select('jobs.id')
      .where('applications.last_name', '=', 'Elsewhere')
      .executeTakeFirstOrThrow();
    const me = await t.db
      .selectFrom('users')
      .select('id')
      .where('current_company_id', '=', job.company_id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('reviewers')
      .values({ job_id: elsewhere.id, user_id: me.id })
      .execute();
    expect(
      names((await client.get('/api/applications?q=jane')).json()),
    ).toEqual(['Jane Doe-Smith', 'Janet Brown']);
  });

  it('shows a reviewer only the interviewees they may see', async () => {
    const reviewer = t.client();
    await reviewer.signIn(reviewerUser.email, TEST_PASSWORD);
    expect(
      names((await reviewer.get('/api/applications?q=jan')).json()),
    ).toEqual(['Jane Doe-Smith']);
  });

  it('is served by the trigram indexes, not a scan of every interviewee', async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      // A tiny table is cheaper to scan; forbid that to see which indexes the planner can use.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{
        'QUERY PLAN': string;
      }>`EXPLAIN SELECT id FROM applications
        WHERE (first_name || ' ' || last_name) ILIKE '%doe%' OR email ILIKE '%doe%'`.execute(
        trx,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('applications_name_trgm_idx');
    expect(plan).toContain('applications_email_trgm_idx');
  });
});
