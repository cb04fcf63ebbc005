import { WEBHOOK_EVENTS } from '@candor/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createUser,
} from '../../../test/factories';
import {
  createJobReviewer,
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';
import { createTeammate } from '../../../test/team-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { eraseApplications } from '../retention/erase-applications';
import { surveyHandle } from './survey-handle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ALL = ['gender', 'ethnicity', 'age_band', 'disability'];

/** The company settings' form, with the survey on and every category asked. */
async function askEverything(owner: TestClient, name: string) {
  const saved = await owner.post('/api/settings', {
    name,
    support_email: '',
    account_message: '',
    account_message_style: 0,
    survey_enabled: true,
    survey_categories: ALL,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A company asking the survey, its interview with two submitted interviewees, and more. */
async function surveyCompany(options: { extra?: number } = {}) {
  const setup = await createReviewableJob(t.db);
  const owner = await signedInClient(t, setup.owner.id);
  await askEverything(owner, setup.company.name);
  const applications: { id: number; token: string }[] = [...setup.applications];
  for (let i = 0; i < (options.extra ?? 0); i++)
    applications.push(
      await createApplication(t.db, {
        job_id: setup.job.id,
        invited_at: new Date(),
        responded_at: new Date(),
        answer_count: setup.questions.length,
      }),
    );
  return { ...setup, client: owner, respondents: applications };
}

const put = (token: string, body: unknown) =>
  t.client().put(`/api/interviewee/${token}/survey`, body);

describe('the voluntary survey', () => {
  it('is off until the company turns it on, and the settings keep the categories in order', async () => {
    const setup = await createReviewableJob(t.db);
    const token = setup.applications[0].token;
    const off = await put(token, { gender: 'woman' });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(
      'This company does not ask the equal-opportunity survey.',
    );
    const owner = await signedInClient(t, setup.owner.id);
    const before = await owner.get('/api/settings');
    expect(before.json()).toMatchObject({
      survey_enabled: false,
      survey_categories: [],
    });
    const saved = await owner.post('/api/settings', {
      name: 'Acme',
      support_email: '',
      account_message: '',
      account_message_style: 0,
      survey_enabled: true,
      survey_categories: ['disability', 'gender', 'gender'],
    });
    expect(saved.json()).toMatchObject({
      survey_enabled: true,
      survey_categories: ['gender', 'disability'],
    });
    const bad = await owner.post('/api/settings', {
      name: 'Acme',
      support_email: '',
      account_message: '',
      account_message_style: 0,
      survey_categories: ['religion'],
    });
    expect(bad.statusCode).toBe(400);
    // The candidate's page learns which questions to show.
    const interview = await t.client().get(`/api/interviewee/${token}`);
    expect(interview.json().survey).toEqual(['gender', 'disability']);
  });

  it('takes an answer once submitted (204), a second replaces the first, and refuses before', async () => {
    const { applications, job, company } = await surveyCompany();
    const early = await createApplication(t.db, {
      job_id: job.id,
      invited_at: new Date(),
      answer_count: 1,
    });
    const refused = await put(early.token, { gender: 'woman' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The survey opens once you have submitted your last answer.',
    );
    const token = applications[0].token;
    expect((await put(token, { gender: 'woman' })).statusCode).toBe(204);
    expect(
      (await put(token, { gender: 'man', age_band: '25_34' })).statusCode,
    ).toBe(204);
    const rows = await t.db
      .selectFrom('equal_opportunity_answers')
      .selectAll()
      .where('company_id', '=', company.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.answers).toEqual({
      gender: 'man',
      ethnicity: 'prefer_not_to_say',
      age_band: '25_34',
      disability: 'prefer_not_to_say',
    });
    // Nothing in the row names the interviewee: no id, no token, no time.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'answers',
      'company_id',
      'handle',
      'job_id',
    ]);
    expect(rows[0]?.handle).toBe(
      surveyHandle(t.ctx.config.signingSecret, applications[0].id),
    );
    expect((await put(token, { gender: 'dragon' })).statusCode).toBe(400);
    expect((await put('no-such-token-at-all', {})).statusCode).toBe(404);
  });

  it('is erased with the interviewee, and with their interview', async () => {
    const { applications, job, company } = await surveyCompany();
    await put(applications[0].token, { gender: 'woman' });
    await put(applications[1].token, { gender: 'man' });
    const answersLeft = async () =>
      (
        await t.db
          .selectFrom('equal_opportunity_answers')
          .select('answers')
          .where('company_id', '=', company.id)
          .execute()
      ).map((row) => row.answers.gender);
    // The retention sweep, deleting an interviewee and deleting an interview all erase here.
    await t.db
      .transaction()
      .execute((trx) =>
        eraseApplications(
          trx,
          { applicationIds: [applications[0].id] },
          t.ctx.config,
        ),
      );
    expect(await answersLeft()).toEqual(['man']);
    await t.db
      .transaction()
      .execute((trx) =>
        eraseApplications(trx, { jobId: job.id }, t.ctx.config),
      );
    await t.db.deleteFrom('jobs').where('id', '=', job.id).execute();
    expect(await answersLeft()).toEqual([]);
  });
});

/** Eleven respondents: six women (three shortlisted), four men (one), one who would not say. */
async function answeredCompany() {
  const setup = await surveyCompany({ extra: 9 });
  const answers = [
    ...Array.from({ length: 6 }, () => ({ gender: 'woman' })),
    ...Array.from({ length: 4 }, () => ({ gender: 'man' })),
    { gender: 'prefer_not_to_say' },
  ];
  const shortlisted = [0, 1, 2, 6];
  for (const [index, application] of setup.respondents.entries()) {
    const answer = answers[index] ?? {};
    expect((await put(application.token, answer)).statusCode).toBe(204);
    if (shortlisted.includes(index)) await shortlist(setup, application.id);
  }
  return setup;
}

async function shortlist(
  setup: { client: TestClient; job: { id: number } },
  applicationId: number,
) {
  const base = `/api/jobs/${setup.job.id}`;
  // Shortlisting is offered once someone rated the interviewee.
  expect(
    (
      await setup.client.post(`${base}/reviews`, {
        application: applicationId,
        rating: 4,
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (await setup.client.post(`${base}/applications/${applicationId}/shortlist`))
      .statusCode,
  ).toBe(200);
}

describe('GET /api/companies/{shortname}/adverse-impact', () => {
  it('gives rates and ratios per group, masking groups under 5 and the next smallest', async () => {
    const { company, client, job } = await answeredCompany();
    const reply = await client.get(
      `/api/companies/${company.shortname}/adverse-impact?job=${job.id}`,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body.job).toEqual({ id: job.id, title: job.title });
    const gender = body.categories.find(
      (c: { category: string }) => c.category === 'gender',
    );
    const rows = gender.stages[0].rows;
    expect(
      rows.find((row: { group: string }) => row.group === 'woman'),
    ).toMatchObject({
      total: 6,
      selected: 3,
      rate: 0.5,
      impact_ratio: 1,
      masked: false,
    });
    // Men (4) are under 5; "Prefer not to say" (1) too: both masked, nothing to subtract.
    for (const group of ['man', 'prefer_not_to_say'])
      expect(
        rows.find((row: { group: string }) => row.group === group),
      ).toMatchObject({
        total: null,
        selected: null,
        rate: null,
        masked: true,
      });
    // All interviews: the same people.
    const all = await client.get(
      `/api/companies/${company.shortname}/adverse-impact`,
    );
    expect(all.json().job).toBeNull();
    expect(all.json().categories).toEqual(body.categories);

    const csv = await client.get(
      `/api/companies/${company.shortname}/adverse-impact/export?job=${job.id}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(
      'gender,responded,shortlisted,woman,6,3,0.5000,1.0000,no,',
    );
    expect(csv.body).toContain('gender,responded,shortlisted,man,fewer than 5');
    expect(csv.body).not.toMatch(/,man,4/);
  });

  it('is for company admins only: members and reviewers get 403, another company 404', async () => {
    const { company, job } = await answeredCompany();
    const path = `/api/companies/${company.shortname}/adverse-impact`;
    const member = await createTeammate(t.db, company.id);
    expect(
      (await (await signedInClient(t, member.user.id)).get(path)).statusCode,
    ).toBe(403);
    expect(
      (await (await signedInClient(t, member.user.id)).get(`${path}/export`))
        .statusCode,
    ).toBe(403);
    const reviewer = await createJobReviewer(t.db, job.id, {
      applicants: 0,
      all_reviews: true,
      rating: 1,
    });
    expect(
      (await (await signedInClient(t, reviewer.user.id)).get(path)).statusCode,
    ).toBe(403);
    const other = await createCompany(t.db);
    const outsider = await createUser(t.db, { companies: [other.id] });
    const outside = await signedInClient(t, outsider.id);
    expect((await outside.get(path)).statusCode).toBe(404);
    expect((await outside.get(`${path}/export`)).statusCode).toBe(404);
    // Their own report counts none of company A's answers, even naming A's interview.
    const own = await outside.get(
      `/api/companies/${other.shortname}/adverse-impact?job=${job.id}`,
    );
    expect(own.statusCode).toBe(404);
    const mine = await outside.get(
      `/api/companies/${other.shortname}/adverse-impact`,
    );
    expect(mine.json().categories).toEqual([]);
    expect((await t.client().get(path)).statusCode).toBe(401);
  });
});

describe('the answers reach no reply about a person', () => {
  it('leaves them out of the applicant list and detail, search, activity, the CSV export and webhooks', async () => {
    const setup = await createReviewableJob(t.db);
    await t.db
      .insertInto('webhook_endpoints')
      .values({
        company_id: setup.company.id,
        url: 'https://hooks.example.test/all',
        events: JSON.stringify(WEBHOOK_EVENTS),
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .execute();
    const owner = await signedInClient(t, setup.owner.id);
    await askEverything(owner, setup.company.name);
    const [first] = setup.applications;
    // Answers no other reply would hold by chance.
    const answer = {
      gender: 'non_binary',
      ethnicity: 'mixed',
      age_band: '55_64',
      disability: 'yes',
    };
    expect((await put(first.token, answer)).statusCode).toBe(204);
    const base = `/api/jobs/${setup.job.id}`;
    await shortlist({ client: owner, job: setup.job }, first.id);
    const replies = await Promise.all(
      [
        `${base}/applications`,
        `${base}/applications/${first.id}`,
        `${base}/applications/${first.id}/next`,
        `${base}/applications/${first.id}/panel`,
        `${base}/panel`,
        `${base}/calibration`,
        `${base}/reviews?application=${first.id}`,
        `/api/applications?q=${encodeURIComponent(first.first_name)}`,
        `/api/activities`,
        `/api/companies/${setup.company.shortname}/stats`,
        `/api/companies/${setup.company.shortname}/export`,
        `/api/companies/${setup.company.shortname}/webhooks`,
      ].map(async (path) => ({ path, reply: await owner.get(path) })),
    );
    const deliveries = await t.db
      .selectFrom('webhook_deliveries')
      .select('payload')
      .where('company_id', '=', setup.company.id)
      .execute();
    expect(deliveries.length).toBeGreaterThan(0);
    const texts = [
      ...replies.map(({ path, reply }) => {
        expect(reply.statusCode, path).toBeLessThan(300);
        return { path, body: reply.body };
      }),
      ...deliveries.map((row) => ({ path: 'webhook', body: row.payload })),
    ];
    for (const { path, body } of texts)
      for (const word of [
        'non_binary',
        '55_64',
        'ethnicity',
        'age_band',
        'disability',
        'equal_opportunity',
      ])
        expect(body, `${path} carries ${word}`).not.toContain(word);
  });
});
