import { STAGES } from '@candor/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createApplication,
  createCompany,
  createUser,
} from '../../../test/factories';
import {
  createJobReviewer,
  createReviewableJob,
  signedInClient,
  type ReviewerGrant,
} from '../../../test/reviewing-fixtures';
import { recordActivity } from '../activity/activity.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COMMENT = 'Strong on systems design, vague on teamwork';

/**
 * The replay of issue 27: the company user, Alex Morgan, rates the first interviewee 4 out of
 * 5, comments and shortlists; before that they invited a third interviewee, and the first one
 * responded. Then a reviewer with the given grant joins the panel.
 */
async function panelAfterTheCompanyUserJudged(grant: ReviewerGrant) {
  const setup = await createReviewableJob(t.db);
  const [first, second] = setup.applications;
  await t.db
    .updateTable('users')
    .set({ first_name: 'Alex', last_name: 'Morgan' })
    .where('id', '=', setup.owner.id)
    .execute();
  const base = `/api/jobs/${setup.job.id}`;
  const owner = await signedInClient(t, setup.owner.id);
  const invitee = await createApplication(t.db, {
    job_id: setup.job.id,
    first_name: 'Grace',
    last_name: 'Hopper',
  });
  expect(
    (await owner.post(`${base}/applications/${invitee.id}/invite`, {}))
      .statusCode,
  ).toBe(200);
  // The interviewee's own step, recorded as the interviewee page records it: nobody's judgement.
  await recordActivity(t.db, {
    companyId: setup.company.id,
    jobId: setup.job.id,
    applicationId: first.id,
    verb: 'application.responded',
  });
  expect(
    (
      await owner.post(`${base}/reviews`, {
        application: first.id,
        rating: 4,
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await owner.post(`${base}/comments`, {
        application: first.id,
        comment: COMMENT,
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (await owner.post(`${base}/applications/${first.id}/shortlist`)).statusCode,
  ).toBe(200);

  // The reviewer belongs to a company of their own, so they have a dashboard feed too.
  const theirCompany = await createCompany(t.db);
  const user = await createUser(t.db, { companies: [theirCompany.id] });
  await t.db
    .insertInto('reviewers')
    .values({
      job_id: setup.job.id,
      user_id: user.id,
      account_status: 1,
      applicants: grant.applicants,
      all_reviews: grant.all_reviews,
      rating: grant.rating,
    })
    .execute();
  const client = await signedInClient(t, user.id);
  return { ...setup, first, second, invitee, owner, user, client, base };
}

type Entry = { history: string; application: number | null };

async function entries(
  client: Awaited<ReturnType<typeof signedInClient>>,
  url: string,
) {
  const reply = await client.get(url);
  expect(reply.statusCode).toBe(200);
  return {
    raw: reply.body,
    histories: (reply.json().results as Entry[]).map((entry) => entry.history),
  };
}

/** The applicant as the job page's list shows it, whatever stage it is in now. */
async function listed(
  client: Awaited<ReturnType<typeof signedInClient>>,
  base: string,
  applicationId: number,
) {
  for (const stage of STAGES) {
    const reply = await client.get(
      `${base}/applications?status=${stage}&filter=All`,
    );
    expect(reply.statusCode).toBe(200);
    const row = (
      reply.json().results as { id: number; average_review: unknown }[]
    ).find((candidate) => candidate.id === applicationId);
    if (row) return row;
  }
  throw new Error('The applicant is in no stage.');
}

const BLIND: ReviewerGrant = { applicants: 0, all_reviews: false, rating: 1 };

describe('a reviewer with their own reviews and comments only (blind review, issue 27)', () => {
  it("finds nothing the company user rated, commented or decided in the job's and the dashboard's activity", async () => {
    const { client, base, first, job } =
      await panelAfterTheCompanyUserJudged(BLIND);
    // Everything the company user did to the first interviewee was a judgement.
    for (const url of [
      `${base}/activities?application=${first.id}&page_size=50`,
      '/api/activities?page_size=50',
    ]) {
      const { raw } = await entries(client, url);
      expect(raw, url).not.toContain('Morgan');
      expect(raw, url).not.toContain(COMMENT);
      expect(raw, url).not.toMatch(/rated|commented|shortlisted/);
    }
    // On the job's feed what judges nobody stays: the interviewee responded, the company user
    // invited someone. Nothing else of theirs.
    const { raw, histories } = await entries(
      client,
      `${base}/activities?page_size=50`,
    );
    expect(raw).not.toContain(COMMENT);
    expect(raw).not.toMatch(/rated|commented|shortlisted/);
    expect(histories).toContain(
      `${first.first_name} ${first.last_name} responded to ${job.title}`,
    );
    expect(histories.filter((history) => history.includes('Morgan'))).toEqual([
      'Alex Morgan invited Grace Hopper',
    ]);
  });

  it('sees the average of what they may see: nothing before they rate, their own 4 from 1 after', async () => {
    const { client, base, first, user } =
      await panelAfterTheCompanyUserJudged(BLIND);
    const before = await client.get(`${base}/applications/${first.id}`);
    expect(before.json()).toMatchObject({
      user_rating: null,
      average_review: { review_average: null, from_count: 0 },
    });

    const rated = await client.post(`${base}/reviews`, {
      application: first.id,
      rating: 4,
    });
    expect(rated.statusCode).toBe(201);
    const mine = { review_average: 4, from_count: 1 };
    expect(rated.json()).toMatchObject({
      user_rating: 4,
      average_review: mine,
    });
    expect(
      (await client.get(`${base}/applications/${first.id}`)).json(),
    ).toMatchObject({ user_rating: 4, average_review: mine });
    expect((await listed(client, base, first.id)).average_review).toEqual(mine);

    // Their own entry stays, and still none of the company user's.
    const { raw, histories } = await entries(
      client,
      `${base}/activities?application=${first.id}`,
    );
    expect(histories).toContain(
      `${user.first_name} ${user.last_name} rated ${first.first_name} ${first.last_name} 4 out of 5`,
    );
    expect(raw).not.toContain('Morgan');
  });
});

describe('the reviewers who may see all reviews, and chosen interviewees', () => {
  it('an all-reviews reviewer still sees every entry and the whole panel’s average', async () => {
    const { client, base, first } = await panelAfterTheCompanyUserJudged({
      applicants: 0,
      all_reviews: true,
      rating: 1,
    });
    const { histories } = await entries(
      client,
      `${base}/activities?application=${first.id}`,
    );
    const applicant = `${first.first_name} ${first.last_name}`;
    expect(histories).toEqual(
      expect.arrayContaining([
        `Alex Morgan shortlisted ${applicant}`,
        `Alex Morgan commented on ${applicant}`,
        `Alex Morgan rated ${applicant} 4 out of 5`,
      ]),
    );
    expect(
      (await client.get(`${base}/applications/${first.id}`)).json()
        .average_review,
    ).toEqual({ review_average: 4, from_count: 1 });
    const rated = await client.post(`${base}/reviews`, {
      application: first.id,
      rating: 2,
    });
    const panel = { review_average: 3, from_count: 2 };
    expect(rated.json().average_review).toEqual(panel);
    expect((await listed(client, base, first.id)).average_review).toEqual(
      panel,
    );
  });

  it.each([true, false])(
    'a chosen-interviewees reviewer (all reviews: %s) sees only their interviewees’ entries',
    async (allReviews) => {
      const setup = await createReviewableJob(t.db);
      const [first, second] = setup.applications;
      const base = `/api/jobs/${setup.job.id}`;
      const owner = await signedInClient(t, setup.owner.id);
      for (const application of [first, second]) {
        await owner.post(`${base}/reviews`, {
          application: application.id,
          rating: 4,
        });
      }
      const { user } = await createJobReviewer(t.db, setup.job.id, {
        applicants: 4,
        all_reviews: allReviews,
        rating: 0,
        assigned: [second.id],
      });
      const client = await signedInClient(t, user.id);
      const { histories } = await entries(client, `${base}/activities`);
      const firstName = `${first.first_name} ${first.last_name}`;
      const secondName = `${second.first_name} ${second.last_name}`;
      expect(histories.some((h) => h.includes(firstName))).toBe(false);
      expect(histories.some((h) => h.includes(secondName))).toBe(allReviews);
      expect(
        (await client.get(`${base}/activities?application=${first.id}`))
          .statusCode,
      ).toBe(404);
    },
  );
});
