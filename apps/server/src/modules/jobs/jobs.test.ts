import { applicantStage } from '@candor/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let signIns = 0;
/** Each sign-in from its own address: the login rate limit counts per address. */
async function signIn(email: string) {
  const client = t.client();
  const headers = { 'x-forwarded-for': `10.1.0.${++signIns}` };
  const response = await client.post(
    '/login/ajax',
    { username: email, password: TEST_PASSWORD },
    { headers },
  );
  expect(response.statusCode).toBe(200);
  return client;
}

async function companyWithUser() {
  const company = await createCompany(t.db);
  const user = await createUser(t.db, { companies: [company.id] });
  return { company, user, client: await signIn(user.email) };
}

/** A one-file multipart body as a browser sends it (field `attachment`). */
async function pdfForm() {
  const data = new FormData();
  data.append(
    'attachment',
    new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]),
    'spec.pdf',
  );
  const request = new Request('http://local/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

const addQuestion = (jobId: number, text = 'Why this role?') =>
  t.db
    .insertInto('questions')
    .values({ job_id: jobId, text, thinking_time: 30, time_limit: 120 })
    .execute();

describe('POST /api/jobs', () => {
  it('creates a draft with a shortcode, the creator as account holder and an activity', async () => {
    const { company, user, client } = await companyWithUser();
    const response = await client.post('/api/jobs', {
      company: company.shortname,
      title: 'Barista',
      function: 'Hospitality',
      role: 'Entry level',
      description: 'Coffee, people and pace.',
      language: 'fr-fr',
      rating_style: 2,
      rating_scale: 10,
      // Out of order on purpose: the reply lists them by level.
      rating_descriptions: [
        { level: 10, text: 'Outstanding' },
        { level: 1, text: 'Weak' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const job = response.json();
    expect(job).toMatchObject({
      title: 'Barista',
      status: 'Draft',
      language: 'fr-fr',
      rating_style: 2,
      rating_scale: 10,
      question_count: 0,
      company: {
        shortname: company.shortname,
        support_email: company.support_email,
      },
      reviewer_permissions: { rating: 1 },
      created_by: { id: user.id },
      stats: { to_invite: { all: 0 }, responded: { all: 0 } },
      rating_descriptions: [
        { level: 1, text: 'Weak' },
        { level: 10, text: 'Outstanding' },
      ],
    });
    expect(job.shortcode).toMatch(/^[A-Za-z0-9]{10}$/);
    const reviewer = await t.db
      .selectFrom('reviewers')
      .selectAll()
      .where('job_id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(reviewer).toMatchObject({
      user_id: user.id,
      is_account_holder: true,
      account_status: 1,
      all_reviews: true,
      rating: 1,
    });
    const activity = await t.db
      .selectFrom('activities')
      .selectAll()
      .where('job_id', '=', job.id)
      .execute();
    expect(activity.map((row) => row.verb)).toEqual(['job.created']);
  });

  it('refuses a missing title with the form message and another company', async () => {
    const { company, client } = await companyWithUser();
    const other = await createCompany(t.db);
    const noTitle = await client.post('/api/jobs', {
      company: company.shortname,
      title: ' ',
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fields.title).toEqual([
      'Give your interview a title',
    ]);
    const elsewhere = await client.post('/api/jobs', {
      company: other.shortname,
      title: 'X',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fields.company).toBeDefined();
  });
});

describe('GET /api/jobs', () => {
  it('filters by view and status, orders, searches and pages', async () => {
    const { company, user, client } = await companyWithUser();
    const colleague = await createUser(t.db, { companies: [company.id] });
    const mine = await createJob(t.db, {
      company_id: company.id,
      created_by: user.id,
      title: 'Bravo analyst',
      created_at: new Date('2026-01-02'),
    });
    const theirs = await createJob(t.db, {
      company_id: company.id,
      created_by: colleague.id,
      title: 'alpha engineer',
      status: 'Published',
      created_at: new Date('2026-01-03'),
    });
    const assigned = await createJob(t.db, {
      company_id: company.id,
      created_by: colleague.id,
      title: 'Charlie 100% manager',
      status: 'Archived',
      created_at: new Date('2026-01-01'),
    });
    await t.db
      .insertInto('reviewers')
      .values({ job_id: assigned.id, user_id: user.id, account_status: 1 })
      .execute();
    const elsewhere = await createCompany(t.db);
    await createJob(t.db, { company_id: elsewhere.id, title: 'Not ours' });

    const titles = async (query: string) =>
      (await client.get(`/api/jobs?${query}`))
        .json()
        .results.map((job: { title: string }) => job.title);
    expect(await titles('')).toEqual([
      'alpha engineer',
      'Bravo analyst',
      'Charlie 100% manager',
    ]);
    expect(await titles('ordering=created_at')).toEqual([
      'Charlie 100% manager',
      'Bravo analyst',
      'alpha engineer',
    ]);
    expect(await titles('ordering=title')).toEqual([
      'alpha engineer',
      'Bravo analyst',
      'Charlie 100% manager',
    ]);
    expect(await titles('ordering=-title')).toEqual([
      'Charlie 100% manager',
      'Bravo analyst',
      'alpha engineer',
    ]);
    expect(await titles('filter=created')).toEqual([mine.title]);
    expect(await titles('filter=assigned')).toEqual([assigned.title]);
    expect(await titles('status=Published')).toEqual([theirs.title]);
    expect(await titles('q=ENGIN')).toEqual([theirs.title]);
    expect(await titles('title=100%25')).toEqual([assigned.title]);
    expect(await titles('q=_')).toEqual([]);
    // Words search the caller's own jobs only: another company's 'Not ours' is not found.
    expect(await titles('q=ours')).toEqual([]);

    const page = await client.get(
      '/api/jobs?page_size=2&page=1&ordering=title',
    );
    expect(page.json()).toMatchObject({
      count: 3,
      previous: null,
      next: expect.stringContaining('page=2'),
    });
    expect(page.json().results).toHaveLength(2);
    const last = (
      await client.get('/api/jobs?page_size=2&page=2&ordering=title')
    ).json();
    expect(last).toMatchObject({
      count: 3,
      next: null,
      previous: expect.stringContaining('page=1'),
    });
    expect(last.results.map((job: { title: string }) => job.title)).toEqual([
      'Charlie 100% manager',
    ]);
    expect((await client.get('/api/jobs?ordering=sideways')).statusCode).toBe(
      400,
    );
  });

  it('counts applicants per stage with the job page rule in one reply', async () => {
    const { company, client } = await companyWithUser();
    const job = await createJob(t.db, {
      company_id: company.id,
      title: 'Stats',
    });
    const now = new Date();
    await createApplication(t.db, { job_id: job.id });
    await createApplication(t.db, {
      job_id: job.id,
      invited_at: now,
      invitation_failed: true,
    });
    await createApplication(t.db, { job_id: job.id, invited_at: now });
    await createApplication(t.db, {
      job_id: job.id,
      invited_at: now,
      declined_at: now,
    });
    await createApplication(t.db, {
      job_id: job.id,
      invited_at: now,
      responded_at: now,
      answer_count: 2,
    });
    await createApplication(t.db, {
      job_id: job.id,
      invited_at: now,
      declined_at: now,
      answer_count: 1,
    });
    await createApplication(t.db, {
      job_id: job.id,
      answer_count: 3,
      archived: true,
    });
    await createApplication(t.db, {
      job_id: job.id,
      answer_count: 3,
      review_average: 4,
    });
    await createApplication(t.db, {
      job_id: job.id,
      answer_count: 3,
      reviewed_at: now,
    });
    await createApplication(t.db, {
      job_id: job.id,
      answer_count: 3,
      review_average: 4,
      shortlisted: true,
    });
    await createApplication(t.db, { job_id: job.id, rejected: true });
    const reply = (await client.get(`/api/jobs/${job.id}`)).json();
    expect(reply.stats).toEqual({
      to_invite: { all: 2, archived: 0 },
      awaiting_response: { all: 2, archived: 0 },
      responded: { all: 2, archived: 1 },
      reviewed: { all: 2, archived: 0 },
      outcomes: { all: 2, archived: 0 },
    });
    // The caller's own review work: Responded and Reviewed, none of it completed by them.
    expect(reply.to_review).toBe(4);
    expect(reply.applications).toBe(11);
    const listed = (await client.get('/api/jobs'))
      .json()
      .results.find((row: { id: number }) => row.id === job.id);
    expect(listed.stats).toEqual(reply.stats);
  });

  it('totals To review over every page of the filtered list, not just the page shown', async () => {
    const { company, user, client } = await companyWithUser();
    const colleague = await createUser(t.db, { companies: [company.id] });
    const responded = { answer_count: 1, invited_at: new Date() };
    // Created oldest first: with -created_at and page_size 1, 'First' is on page 2.
    const first = await createJob(t.db, {
      company_id: company.id,
      title: 'First',
      created_by: user.id,
      created_at: new Date('2026-01-01T00:00:00Z'),
    });
    const second = await createJob(t.db, {
      company_id: company.id,
      title: 'Second',
      created_by: colleague.id,
      created_at: new Date('2026-02-01T00:00:00Z'),
    });
    const archivedJob = await createJob(t.db, {
      company_id: company.id,
      title: 'Old',
      status: 'Archived',
      created_by: user.id,
      created_at: new Date('2025-01-01T00:00:00Z'),
    });
    for (let i = 0; i < 3; i += 1)
      await createApplication(t.db, { job_id: first.id, ...responded });
    await createApplication(t.db, { job_id: second.id, ...responded });
    await createApplication(t.db, { job_id: archivedJob.id, ...responded });
    // Not waiting for this user's review: archived, reviewed and completed by them, not answered.
    await createApplication(t.db, {
      job_id: first.id,
      ...responded,
      archived: true,
    });
    const completed = await createApplication(t.db, {
      job_id: first.id,
      ...responded,
      review_average: 3,
    });
    await t.db
      .insertInto('review_completions')
      .values({
        application_id: completed.id,
        user_id: user.id,
        job_id: first.id,
        company_id: company.id,
        created_by: user.id,
        open: true,
      })
      .execute();
    await createApplication(t.db, { job_id: first.id });
    // Another company's waiting applicant never counts, not even in 'Created by me' when the
    // same user created that company's job too.
    const other = await createCompany(t.db);
    const otherJob = await createJob(t.db, {
      company_id: other.id,
      created_by: user.id,
    });
    await createApplication(t.db, { job_id: otherJob.id, ...responded });

    const page = async (query: string) =>
      (await client.get(`/api/jobs?ordering=-created_at&${query}`)).json();
    const firstPage = await page('page_size=1&page=1&status=Draft');
    expect(
      firstPage.results.map((job: { title: string }) => job.title),
    ).toEqual(['Second']);
    expect(firstPage.results[0].to_review).toBe(1);
    expect(firstPage.to_review).toBe(4);
    const secondPage = await page('page_size=1&page=2&status=Draft');
    expect(secondPage.results[0].to_review).toBe(3);
    expect(secondPage.to_review).toBe(4);
    expect((await page('page_size=1')).to_review).toBe(5);
    expect(await page('page_size=1&filter=created')).toMatchObject({
      count: 2,
      to_review: 4,
    });
    expect(
      await page('page_size=1&filter=created&status=Archived'),
    ).toMatchObject({ count: 1, to_review: 1 });
    expect((await page('page_size=1&status=Archived')).to_review).toBe(1);
    // Words narrow the list, its count and its total alike, page by page and in its order.
    const searched = await page('page_size=1&page=2&q=s');
    expect(searched).toMatchObject({ count: 2, to_review: 4, next: null });
    expect(searched.results.map((job: { title: string }) => job.title)).toEqual(
      ['First'],
    );
    // A page past the last keeps the list's count and total, with or without words.
    expect(await page('page_size=1&page=3&q=s')).toMatchObject({
      count: 2,
      to_review: 4,
      results: [],
    });
    expect(await page('page_size=1&page=9')).toMatchObject({
      count: 3,
      to_review: 5,
      results: [],
    });
    expect(await page('page_size=1&page=9&status=Draft')).toMatchObject({
      count: 2,
      to_review: 4,
      results: [],
    });
    expect(await page('title=nothing-like-it')).toMatchObject({
      count: 0,
      to_review: 0,
      results: [],
    });
  });

  it('agrees with the domain stage rule on every combination of applicant facts', async () => {
    const { company, client } = await companyWithUser();
    const job = await createJob(t.db, {
      company_id: company.id,
      title: 'Every combination',
    });
    const now = new Date();
    const flags = [
      'shortlisted',
      'rejected',
      'reviewed',
      'averaged',
      'answered',
      'declined',
      'invited',
      'responded',
      'failed',
    ];
    const rows = Array.from({ length: 2 ** flags.length }, (_, mask) => {
      const on = (flag: string) => (mask & (1 << flags.indexOf(flag))) !== 0;
      return {
        job_id: job.id,
        first_name: 'Combo',
        last_name: String(mask),
        email: `combo${mask}@example.test`,
        token: `combo-token-${job.id}-${mask}`,
        shortcode: `c${job.id}x${mask}`,
        shortlisted: on('shortlisted'),
        rejected: on('rejected'),
        reviewed_at: on('reviewed') ? now : null,
        review_average: on('averaged') ? 3 : null,
        answer_count: on('answered') ? 2 : 0,
        declined_at: on('declined') ? now : null,
        invited_at: on('invited') ? now : null,
        responded_at: on('responded') ? now : null,
        invitation_failed: on('failed'),
        archived: mask % 7 === 0,
      };
    });
    await t.db.insertInto('applications').values(rows).execute();
    const expected = {
      to_invite: 0,
      awaiting_response: 0,
      responded: 0,
      reviewed: 0,
      outcomes: 0,
    };
    const keyOf = {
      ToInvite: 'to_invite',
      AwaitingResponse: 'awaiting_response',
      Responded: 'responded',
      Reviewed: 'reviewed',
      Outcomes: 'outcomes',
    } as const;
    for (const row of rows) {
      if (row.archived) continue;
      const stage = applicantStage({
        ...row,
        declined_reason: '',
        deadline: null,
        average_review:
          row.review_average === null
            ? null
            : { review_average: row.review_average },
        status: 0,
      });
      expected[keyOf[stage]] += 1;
    }
    const stats = (await client.get(`/api/jobs/${job.id}`)).json().stats;
    expect(
      Object.fromEntries(
        Object.entries(stats).map(([key, value]) => [
          key,
          (value as { all: number }).all,
        ]),
      ),
    ).toEqual(expected);
  });

  it('lists the shared templates for any company user, and public jobs across companies', async () => {
    const { client } = await companyWithUser();
    const templates = await createCompany(t.db, { is_templates: true });
    await createJob(t.db, {
      company_id: templates.id,
      title: 'Template: Sales',
    });
    const other = await createCompany(t.db);
    await createJob(t.db, {
      company_id: other.id,
      title: 'Public one',
      status: 'Published',
      marketplace_public: true,
      marketplace_order: 5,
    });
    await createJob(t.db, {
      company_id: other.id,
      title: 'Private one',
      status: 'Published',
    });
    const listedTemplates = (
      await client.get('/api/jobs?company=templates&page_size=6')
    ).json();
    expect(
      listedTemplates.results.map((job: { title: string }) => job.title),
    ).toEqual(['Template: Sales']);
    expect(listedTemplates.results[0].is_template).toBe(true);
    const publicJobs = (
      await client.get('/api/jobs?public=true&ordering=-marketplace_order')
    ).json();
    expect(
      publicJobs.results.map((job: { title: string }) => job.title),
    ).toContain('Public one');
    expect(
      publicJobs.results.map((job: { title: string }) => job.title),
    ).not.toContain('Private one');
  });

  it('shows a reviewer only the jobs they review, read-only', async () => {
    const { company } = await companyWithUser();
    const reviewed = await createJob(t.db, {
      company_id: company.id,
      title: 'Reviewed by Sam',
    });
    const hidden = await createJob(t.db, {
      company_id: company.id,
      title: 'Not for Sam',
    });
    const reviewer = await createUser(t.db);
    await t.db
      .insertInto('reviewers')
      .values({
        job_id: reviewed.id,
        user_id: reviewer.id,
        rating: 1,
        account_status: 1,
      })
      .execute();
    const client = await signIn(reviewer.email);
    const list = (await client.get('/api/jobs')).json();
    expect(list.results.map((job: { title: string }) => job.title)).toEqual([
      'Reviewed by Sam',
    ]);
    expect(list.results[0].reviewer_permissions).toEqual({ rating: 1 });
    // A search matches the reviewed jobs only, and counts only them.
    const searched = (await client.get('/api/jobs?q=sam')).json();
    expect(searched).toMatchObject({ count: 1, to_review: 0 });
    expect(searched.results.map((job: { title: string }) => job.title)).toEqual(
      ['Reviewed by Sam'],
    );
    expect((await client.get('/api/jobs?q=not')).json()).toMatchObject({
      count: 0,
      results: [],
    });
    expect((await client.get(`/api/jobs/${reviewed.id}`)).statusCode).toBe(200);
    expect((await client.get(`/api/jobs/${hidden.id}`)).statusCode).toBe(404);
    const patch = await client.patch(`/api/jobs/${reviewed.id}`, {
      title: 'Mine now',
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().message).toBeTruthy();
    expect((await client.get('/api/jobs?company=templates')).statusCode).toBe(
      403,
    );
  });
});

describe('lifecycle', () => {
  it('publishes only with a question, then archives, unarchives and refuses wrong moves', async () => {
    const { company, client } = await companyWithUser();
    const job = await createJob(t.db, {
      company_id: company.id,
      title: 'Lifecycle',
    });
    const early = await client.post(`/api/jobs/${job.id}/publish`);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(
      'Add at least one question before publishing.',
    );

    await addQuestion(job.id);
    const published = await client.post(`/api/jobs/${job.id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      status: 'Published',
      question_count: 1,
    });
    expect(published.json().published_at).not.toBeNull();

    const again = await client.post(`/api/jobs/${job.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Only a draft interview can be published.',
    );
    const deleteLive = await client.delete(`/api/jobs/${job.id}`);
    expect(deleteLive.statusCode).toBe(409);
    expect(deleteLive.json().message).toBe(
      'Archive this interview before deleting it.',
    );

    expect(
      (await client.post(`/api/jobs/${job.id}/archive`)).json().status,
    ).toBe('Archived');
    expect((await client.post(`/api/jobs/${job.id}/archive`)).statusCode).toBe(
      409,
    );
    expect(
      (await client.post(`/api/jobs/${job.id}/unarchive`)).json().status,
    ).toBe('Published');
    await client.post(`/api/jobs/${job.id}/archive`);
    const verbs = async () =>
      (
        await t.db
          .selectFrom('activities')
          .select('verb')
          .where('company_id', '=', company.id)
          .orderBy('id')
          .execute()
      ).map((row) => row.verb);
    expect(await verbs()).toEqual([
      'job.published',
      'job.archived',
      'job.unarchived',
      'job.archived',
    ]);

    expect((await client.delete(`/api/jobs/${job.id}`)).statusCode).toBe(204);
    expect(
      await t.db
        .selectFrom('jobs')
        .select('id')
        .where('id', '=', job.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    // The job's own history goes with it; the company feed keeps the deletion.
    expect(await verbs()).toEqual(['job.deleted']);
  });

  it('edits details and sets the intro video only from the own library or stock', async () => {
    const { company, client } = await companyWithUser();
    const other = await createCompany(t.db);
    const job = await createJob(t.db, {
      company_id: company.id,
      title: 'Edit me',
    });
    const video = (company_id: number | null, is_stock = false) =>
      t.db
        .insertInto('videos')
        .values({
          company_id,
          is_stock,
          uuid: crypto.randomUUID(),
          uploading: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const own = await video(company.id);
    const foreign = await video(other.id);
    const stock = await video(null, true);

    const patched = await client.patch(`/api/jobs/${job.id}`, {
      title: 'Edited',
      deadline: '2099-05-01',
      intro_video_id: own.id,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      title: 'Edited',
      deadline: '2099-05-01T23:59:59.000Z',
      intro_video_id: own.id,
    });
    expect(
      (await client.patch(`/api/jobs/${job.id}`, { intro_video_id: stock.id }))
        .statusCode,
    ).toBe(200);
    const refused = await client.patch(`/api/jobs/${job.id}`, {
      intro_video_id: foreign.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.intro_video_id).toBeDefined();
    const past = await client.patch(`/api/jobs/${job.id}`, {
      deadline: '2001-01-01',
    });
    expect(past.json().fields.deadline).toEqual([
      'The response deadline must be in the future.',
    ]);
  });
});

describe('editing an interview people answer (decision 138)', () => {
  it('keeps the language and retakes once answered, and the rating setup once rated', async () => {
    const { company, user, client } = await companyWithUser();
    const job = await createJob(t.db, {
      company_id: company.id,
      title: 'Porter',
      status: 'Published',
      // Passed: the details form sends it back unchanged with every save.
      deadline: new Date('2020-01-01T23:59:59Z'),
    });
    await addQuestion(job.id);
    const question = await t.db
      .selectFrom('questions')
      .select(['id', 'text'])
      .where('job_id', '=', job.id)
      .executeTakeFirstOrThrow();
    const application = await createApplication(t.db, { job_id: job.id });
    const base = `/api/jobs/${job.id}`;
    const details = {
      title: 'Night porter',
      deadline: '2020-01-01T23:59:59.000Z',
      language: 'en-gb',
      rating_style: 1,
      rating_scale: 5,
      rating_min: 1,
    };
    // Nobody answered yet: everything may change.
    const early = await client.patch(base, { ...details, rating_scale: 10 });
    expect(early.statusCode, early.body).toBe(200);
    const answer = await t.db
      .insertInto('answers')
      .values({
        application_id: application.id,
        question_id: question.id,
        question_text: question.text,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await client.get(`${base}/edit-facts`)).json()).toEqual({
      answered: 1,
      rated: 0,
    });
    const language = await client.patch(base, {
      ...details,
      rating_scale: 10,
      language: 'fr-fr',
    });
    expect(language.statusCode).toBe(409);
    expect(language.json()).toMatchObject({
      message:
        'Someone has already answered this interview, so its language can no longer change.',
      fields: { language: [expect.any(String)] },
    });
    expect((await client.patch(base, { max_retakes: 0 })).statusCode).toBe(409);
    // Not rated yet: the rating setup may still change.
    expect((await client.patch(base, details)).statusCode).toBe(200);

    await t.db
      .insertInto('answer_reviews')
      .values({ answer_id: answer.id, user_id: user.id, rating: 3 })
      .execute();
    expect((await client.get(`${base}/edit-facts`)).json()).toEqual({
      answered: 1,
      rated: 1,
    });
    for (const change of [
      { rating_style: 0 },
      { rating_scale: 10 },
      { rating_min: 0 },
    ]) {
      const refused = await client.patch(base, { ...details, ...change });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Answers to this interview have been rated, so its rating style and scale can no longer change.',
      );
    }
    // The rest stays open: title, introduction, rating descriptions, blind review.
    const open = await client.patch(base, {
      ...details,
      title: 'Night porter (weekends)',
      description: 'Quiet nights, busy mornings.',
      rating_descriptions: [{ level: 5, text: 'Outstanding' }],
      blind_until_rated: true,
    });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({
      title: 'Night porter (weekends)',
      rating_scale: 5,
      blind_until_rated: true,
    });
    // A new deadline must still be in the future.
    const past = await client.patch(base, { deadline: '2021-01-01' });
    expect(past.statusCode).toBe(400);
  });

  it("tells only the interview's company what fixes it", async () => {
    const { company } = await companyWithUser();
    const job = await createJob(t.db, { company_id: company.id });
    const outsider = await companyWithUser();
    expect(
      (await outsider.client.get(`/api/jobs/${job.id}/edit-facts`)).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/jobs/{id}/copy', () => {
  it('copies a template with its questions into a new draft of the caller', async () => {
    const { company, user, client } = await companyWithUser();
    const templates = await createCompany(t.db, { is_templates: true });
    const template = await createJob(t.db, {
      company_id: templates.id,
      title: 'Graduate scheme',
      status: 'Published',
      function: 'Graduate',
      rating_style: 2,
    });
    await addQuestion(template.id, 'First');
    await t.db
      .insertInto('questions')
      .values({
        job_id: template.id,
        text: 'Second',
        thinking_time: 15,
        time_limit: 60,
        competency: 1,
        review_competency: 1,
        order: 1,
      })
      .execute();

    const response = await client.post(`/api/jobs/${template.id}/copy`);
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    expect(copy).toMatchObject({
      title: 'Graduate scheme',
      status: 'Draft',
      function: 'Graduate',
      rating_style: 2,
      question_count: 2,
      template_of: template.id,
      company: { shortname: company.shortname },
    });
    const questions = (
      await client.get(`/api/jobs/${copy.id}/questions`)
    ).json().results;
    expect(
      questions.map((q: { text: string; order: number }) => [q.text, q.order]),
    ).toEqual([
      ['First', 0],
      ['Second', 1],
    ]);
    expect(questions[1]).toMatchObject({
      competency: 1,
      review_competency: 1,
      time_limit: 60,
    });
    const reviewer = await t.db
      .selectFrom('reviewers')
      .selectAll()
      .where('job_id', '=', copy.id)
      .executeTakeFirstOrThrow();
    expect(reviewer).toMatchObject({
      user_id: user.id,
      is_account_holder: true,
    });
    // The template itself is unchanged and still belongs to the templates company.
    expect(
      (await client.get(`/api/jobs/${template.id}`)).json().company.shortname,
    ).toBe(templates.shortname);
  });

  it('copies an own job as "(copy)" and refuses another company job', async () => {
    const { company, client } = await companyWithUser();
    const own = await createJob(t.db, {
      company_id: company.id,
      title: 'Ours',
    });
    expect((await client.post(`/api/jobs/${own.id}/copy`)).json().title).toBe(
      'Ours (copy)',
    );
    const other = await createCompany(t.db);
    const foreign = await createJob(t.db, {
      company_id: other.id,
      title: 'Theirs',
    });
    expect((await client.post(`/api/jobs/${foreign.id}/copy`)).statusCode).toBe(
      404,
    );
  });
});

describe('tenant isolation', () => {
  it('answers 404 for another company job on every jobs route', async () => {
    const { client } = await companyWithUser();
    const other = await createCompany(t.db);
    const job = await createJob(t.db, {
      company_id: other.id,
      title: 'Secret',
      status: 'Archived',
    });
    await addQuestion(job.id);
    const question = await t.db
      .selectFrom('questions')
      .select('id')
      .where('job_id', '=', job.id)
      .executeTakeFirstOrThrow();
    const attachment = await t.db
      .insertInto('attachments')
      .values({
        job_id: job.id,
        filename: 'a.pdf',
        content_type: 'application/pdf',
        size: 1,
        storage_key: 'x/y',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = `/api/jobs/${job.id}`;
    const calls = [
      client.get(base),
      client.patch(base, { title: 'Hacked' }),
      client.delete(base),
      client.post(`${base}/publish`),
      client.post(`${base}/archive`),
      client.post(`${base}/unarchive`),
      client.post(`${base}/copy`),
      client.get(`${base}/questions`),
      client.post(`${base}/questions`, { text: 'Injected?' }),
      client.post(`${base}/questions/order`, { ids: [question.id] }),
      client.get(`${base}/questions/${question.id}`),
      client.put(`${base}/questions/${question.id}`, { text: 'Changed' }),
      client.delete(`${base}/questions/${question.id}`),
      client.get(`${base}/questions/${question.id}/tts`),
      client.get(`${base}/attachments`),
      client.post(`${base}/attachments`, undefined, await pdfForm()),
      client.delete(`${base}/attachments/${attachment.id}`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe('This interview was not found.');
    }
    expect((await client.get(`${base}/attachments`)).statusCode).toBe(404);
    const stored = await t.db
      .selectFrom('attachments')
      .select('id')
      .where('job_id', '=', job.id)
      .execute();
    expect(stored).toHaveLength(1);
    const unchanged = await t.db
      .selectFrom('jobs')
      .select(['title', 'status'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ title: 'Secret', status: 'Archived' });
  });

  // The dashboard, the job page and the search run statements compiled once per shape with
  // each request's ids (decision 113): two companies asking in turn share those statements.
  it('gives two companies in turn their own lists, job pages and search results only', async () => {
    const people = [];
    for (const name of ['Ours', 'Theirs']) {
      const { company, client } = await companyWithUser();
      const job = await createJob(t.db, {
        company_id: company.id,
        title: `${name} barista`,
        status: 'Published',
      });
      const applicant = await createApplication(t.db, {
        job_id: job.id,
        first_name: 'Quentin',
        last_name: name,
      });
      people.push({ client, job, applicant });
    }
    const [ours, theirs] = people;
    if (!ours || !theirs) throw new Error('Two companies were made.');
    for (const round of [1, 2]) {
      for (const [{ client, job, applicant }, other] of [
        [ours, theirs],
        [theirs, ours],
      ] as const) {
        const list = (await client.get('/api/jobs')).json();
        expect(list.count, `round ${round}`).toBe(1);
        expect(list.results.map((row: { id: number }) => row.id)).toEqual([
          job.id,
        ]);
        const byTitle = (await client.get('/api/jobs?title=barista')).json();
        expect(byTitle.results.map((row: { id: number }) => row.id)).toEqual([
          job.id,
        ]);
        const page = await client.get(
          `/api/jobs/${job.id}/applications?status=ToInvite&filter=All`,
        );
        expect(
          page.json().results.map((row: { id: number }) => row.id),
        ).toEqual([applicant.id]);
        const found = (await client.get('/api/applications?q=quentin')).json();
        expect(found.results.map((row: { id: number }) => row.id)).toEqual([
          applicant.id,
        ]);
        const elsewhere = await client.get(
          `/api/jobs/${other.job.id}/applications?status=ToInvite&filter=All`,
        );
        expect(elsewhere.statusCode).toBe(404);
      }
    }
  });
});

describe('public listing of another company', () => {
  it('shows no applicant counts of jobs the viewer neither owns nor reviews', async () => {
    const [mine, theirs] = [
      await createCompany(t.db),
      await createCompany(t.db),
    ];
    const viewer = await createUser(t.db, { companies: [mine.id] });
    const job = await createJob(t.db, {
      company_id: theirs.id,
      status: 'Published',
      marketplace_public: true,
    });
    await createApplication(t.db, { job_id: job.id, answer_count: 2 });
    const client = t.client();
    await client.signIn(viewer.email, TEST_PASSWORD);
    const response = await client.get('/api/jobs?public=true&page_size=100');
    expect(response.statusCode).toBe(200);
    const listed = response
      .json()
      .results.find((row: { id: number }) => row.id === job.id);
    expect(listed).toBeDefined();
    expect(listed.stats.responded.all).toBe(0);
    expect(listed.to_review).toBe(0);
  });
});
