import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REVIEWER_APPLICANTS } from '@candor/domain';
import { trigramPatternOf } from './trigram-pattern';
import { trigramSampleOf, type TrigramSample } from './trigram-sample';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  searchApplications,
  searchNewestApplications,
} from './search.repository';
import { currentTrigramSample, readTrigramSample } from './search-sample';
import { searchPeople } from './search.service';
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

  it('asks the index for an address without its domain, and still tests the whole address', async () => {
    const found = async (q: string) =>
      (
        await searchApplications(
          t.db,
          { userId: reviewerUser.id, companyId: job.company_id },
          {
            words: q.split(' '),
            patterns: q.split(' ').map(trigramPatternOf),
            limit: 21,
          },
        )
      ).map((row) => `${row.first_name} ${row.last_name}`);
    expect(await found('E.DOE@brightmail.example')).toEqual(['Jane Doe-Smith']);
    expect(await found('jane.doe@post.example')).toEqual([]);
    expect(await found('omar_100%@post')).toEqual(['Omar Khan']);
    expect(await found('omar_100@post')).toEqual([]);
    expect(await found('jane smith')).toEqual(['Jane Doe-Smith']);
    // Another company's applicant, found by the index, is still not the caller's.
    expect(await found('jane@other.example')).toEqual([]);
  });

  it('needs at least 3 characters', async () => {
    const reply = await client.get('/api/applications?q=ja');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/at least 3 characters/);
  });

  it('refuses a query longer than 100 characters with a message the drawer shows', async () => {
    const reply = await client.get(`/api/applications?q=${'jane'.repeat(25)}x`);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/at most 100 characters/);
    const longest = await client.get(
      `/api/applications?q=${'jane'.repeat(25)}`,
    );
    expect(longest.statusCode).toBe(200);
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

  it('is served by the trigram index, not a scan of every interviewee', async () => {
    let plan = '';
    const rollback = new Error('rollback');
    await t.db
      .transaction()
      .execute(async (trx) => {
        // A tiny table is cheaper to scan, or to read whole through the company or job index
        // of the newest-first search (both carry search_text); forbid these to see which index
        // the planner can use.
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`DROP INDEX applications_company_created_idx`.execute(trx);
        await sql`DROP INDEX applications_job_created_idx`.execute(trx);
        const { rows } = await sql<{
          'QUERY PLAN': string;
        }>`EXPLAIN SELECT id FROM applications
          WHERE search_text LIKE '%doe%'`.execute(trx);
        plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(plan).toContain('applications_search_trgm_idx');
  });
});

describe('a company’s newest applicants first (decision 093)', () => {
  let windowCompany: Awaited<ReturnType<typeof createCompany>>;
  let windowClient: TestClient;
  let windowUser: Awaited<ReturnType<typeof createUser>>;
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

  beforeAll(async () => {
    windowCompany = await createCompany(t.db);
    windowUser = await createUser(t.db, { companies: [windowCompany.id] });
    windowClient = t.client();
    await windowClient.signIn(windowUser.email, TEST_PASSWORD);
    const first = await createJob(t.db, { company_id: windowCompany.id });
    const second = await createJob(t.db, { company_id: windowCompany.id });
    // The oldest applicant of all is the only Quinn; 25 Rivers follow, one a day, in two jobs.
    await createApplication(t.db, {
      job_id: first.id,
      first_name: 'Ola',
      last_name: 'Quinn',
      created_at: day(0),
    });
    for (let n = 1; n <= 25; n += 1)
      await createApplication(t.db, {
        job_id: n % 2 === 0 ? first.id : second.id,
        first_name: `River${String(n).padStart(2, '0')}`,
        last_name: 'Stone',
        created_at: day(n),
      });
  });

  const scope = () => ({
    userId: windowUser.id,
    companyId: windowCompany.id,
  });

  it('stores each applicant’s company, taken from the job', async () => {
    const other = await createCompany(t.db);
    const theirJob = await createJob(t.db, { company_id: other.id });
    const row = await createApplication(t.db, {
      job_id: job.id,
      first_name: 'Moved',
    });
    expect(row.company_id).toBe(job.company_id);
    const moved = await t.db
      .updateTable('applications')
      .set({ job_id: theirJob.id })
      .where('id', '=', row.id)
      .returning('company_id')
      .executeTakeFirstOrThrow();
    expect(moved.company_id).toBe(other.id);
    await t.db.deleteFrom('applications').where('id', '=', row.id).execute();
  });

  it('reads only the newest applicants of the company, newest first', async () => {
    const rows = await searchNewestApplications(t.db, scope(), {
      words: ['stone'],
      limit: 21,
      window: 5,
      probe: 2,
    });
    expect(rows.map((row) => row.first_name)).toEqual([
      'River25',
      'River24',
      'River23',
      'River22',
      'River21',
    ]);
    const found = async (word: string, window: number, probe: number) =>
      (
        await searchNewestApplications(t.db, scope(), {
          words: [word],
          limit: 21,
          window,
          probe,
        })
      ).map((row) => row.first_name);
    expect(await found('quinn', 25, 25)).toEqual([]);
    // Within the window, but not among the newest `probe`: left to the trigram index.
    expect(await found('river01', 25, 24)).toEqual([]);
    expect(await found('river01', 25, 25)).toEqual(['River01']);
  });

  it('gives the newest page of a common name and says there are more', async () => {
    const body = (await windowClient.get('/api/applications?q=stone')).json();
    expect(body.more).toBe(true);
    expect(body.count).toBe(20);
    expect(body.results[0].first_name).toBe('River25');
    expect(body.results[19].first_name).toBe('River06');
  });

  it('still finds people older than the newest applicants it reads first', async () => {
    const reply = await searchPeople(t.db, {
      ...scope(),
      q: 'quinn',
      window: { size: 5, probe: 5 },
    });
    expect(reply.results.map((result) => result.full_name)).toEqual([
      'Ola Quinn',
    ]);
    const page = await searchPeople(t.db, {
      ...scope(),
      q: 'stone',
      window: { size: 5, probe: 5 },
    });
    expect(page.more).toBe(true);
    expect(page.results.map((result) => result.first_name).at(-1)).toBe(
      'River06',
    );
  });

  it('asks the trigram index only when the newest it read may not be everyone', async () => {
    const firstNames = async (q: string, size: number, probe: number) =>
      (
        await searchPeople(t.db, { ...scope(), q, window: { size, probe } })
      ).results.map((result) => result.first_name);
    const rivers0 = ['09', '08', '07', '06', '05', '04', '03', '02', '01'].map(
      (n) => `River${n}`,
    );
    // Everyone read: what the window found is the answer.
    expect(await firstNames('quinn', 30, 30)).toEqual(['Ola']);
    expect(await firstNames('river0', 30, 30)).toEqual(rivers0);
    // Older applicants not read, or only the probe's few: the trigram search finds them.
    expect(await firstNames('river0', 20, 20)).toEqual(rivers0);
    expect(await firstNames('river01', 30, 5)).toEqual(['River01']);
  });

  it('keeps to the job asked for', async () => {
    const second = await t.db
      .selectFrom('jobs')
      .select('id')
      .where('company_id', '=', windowCompany.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const rows = await searchNewestApplications(
      t.db,
      { ...scope(), jobId: second.id },
      { words: ['stone'], limit: 3, window: 100, probe: 1 },
    );
    expect(rows.map((row) => row.first_name)).toEqual([
      'River25',
      'River23',
      'River21',
    ]);
  });

  it('finds nobody through a job of another company', async () => {
    // The first company's job holds Jane and Janet; the caller is not of that company.
    const reply = await windowClient.get(
      `/api/applications?q=jan&job=${job.id}`,
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ count: 0, more: false, results: [] });
    for (const window of [
      { size: 5, probe: 5 },
      { size: 5000, probe: 1000 },
    ])
      expect(
        (
          await searchPeople(t.db, {
            ...scope(),
            q: 'jan',
            jobId: job.id,
            window,
          })
        ).results,
      ).toEqual([]);
  });

  it('reads the newest applicants from the company index', async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{
        'QUERY PLAN': string;
      }>`EXPLAIN SELECT id FROM applications WHERE company_id = ${windowCompany.id}
        ORDER BY created_at DESC, id DESC LIMIT 5000`.execute(trx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('applications_company_created_idx');
    expect(plan).not.toContain('Sort');
  });

  describe('a search planned from a sample of search texts (decision 114)', () => {
    /** A sample of 2,000 texts that hold none of the fixtures' names: every one of them is rare. */
    const strangers = trigramSampleOf(
      Array.from(
        { length: 2000 },
        (_, n) => `ada lovelace${n} ada.lovelace${n}@post.example`,
      ),
    );

    it('reads a sample of the applicants’ search texts, lowercased', async () => {
      const sample = await readTrigramSample(t.db);
      expect(sample.texts).toContain(
        'jane doe-smith jane.doe@brightmail.example',
      );
      expect([...(sample.holders.get('ane') ?? [])].length).toBeGreaterThan(0);
    });

    it('hands out the sample it read, and reads a new one when it is an hour old', async () => {
      const errors: unknown[] = [];
      const onError = (error: unknown) => errors.push(error);
      // The first call starts the read, unless a search through the API above already did.
      await vi.waitFor(() =>
        expect(currentTrigramSample(t.db, onError)).toBeDefined(),
      );
      const first = currentTrigramSample(t.db, onError);
      const hourLater = Date.now() + 61 * 60 * 1000;
      expect(currentTrigramSample(t.db, onError, hourLater)).toBe(first);
      await vi.waitFor(() =>
        expect(currentTrigramSample(t.db, onError)).not.toBe(first),
      );
      expect(errors).toEqual([]);
    });

    it('finds through the trigram index at once what it would find newest first', async () => {
      const names = async (q: string, sample?: TrigramSample) =>
        (await searchPeople(t.db, { ...scope(), q, sample })).results.map(
          (result) => result.full_name,
        );
      for (const q of ['quinn', 'stone', 'river0 stone', '%%%'])
        expect(await names(q, strangers), q).toEqual(await names(q));
      const common = await searchPeople(t.db, {
        ...scope(),
        q: 'stone',
        sample: strangers,
      });
      expect(common.more).toBe(true);
      expect(common.results[0]?.first_name).toBe('River25');
    });

    it('keeps literal wildcards, other companies and reviewers’ limits as they were', async () => {
      const asCaller = (q: string, sample?: TrigramSample) =>
        searchPeople(t.db, {
          userId: reviewerUser.id,
          companyId: job.company_id,
          q,
          sample,
        });
      expect((await asCaller('omar_100%@post', strangers)).count).toBe(1);
      expect((await asCaller('omar_100@post', strangers)).count).toBe(0);
      expect((await asCaller('jane@other.example', strangers)).count).toBe(0);
      expect((await asCaller('E.DOE@brightmail', strangers)).count).toBe(1);
      const asReviewer = async (sample?: TrigramSample) =>
        (
          await searchPeople(t.db, {
            userId: reviewerUser.id,
            companyId: null,
            q: 'jan',
            sample,
          })
        ).results.map((result) => result.full_name);
      expect(await asReviewer(strangers)).toEqual(await asReviewer());
    });
  });
});
