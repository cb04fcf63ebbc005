import { NOT_ENOUGH_RATINGS, ordinalAlpha } from '@candor/domain';
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
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Overall ratings: candidate by candidate, the owner's, the first reviewer's, the second's. */
const RATINGS = [
  [4, 4, 2],
  [3, 3, 1],
  [5, 4, 3],
  [2, 2, 1],
  [4, 5, 2],
  [1, 5, 1],
];

async function ratedPanel() {
  const setup = await createReviewableJob(t.db, { ratingScale: 5 });
  const grant = { applicants: 0, all_reviews: true, rating: 1 } as const;
  const first = await createJobReviewer(t.db, setup.job.id, grant);
  const second = await createJobReviewer(t.db, setup.job.id, grant);
  const panel = [setup.owner.id, first.user.id, second.user.id];
  const applications: { id: number; first_name: string; last_name: string }[] =
    [...setup.applications];
  while (applications.length < RATINGS.length)
    applications.push(
      await createApplication(t.db, {
        job_id: setup.job.id,
        invited_at: new Date(),
        responded_at: new Date(),
      }),
    );
  await t.db
    .insertInto('reviews')
    .values(
      RATINGS.flatMap((ratings, candidate) =>
        ratings.map((rating, member) => ({
          application_id: applications[candidate]?.id ?? 0,
          user_id: panel[member] ?? 0,
          rating,
        })),
      ),
    )
    .execute();
  return { ...setup, first, second, applications };
}

describe('GET /api/jobs/{job}/calibration', () => {
  it("shows company users the panel's agreement, every reviewer's leniency and the candidates it split on", async () => {
    const { job, owner, second, applications } = await ratedPanel();
    const reply = await (
      await signedInClient(t, owner.id)
    ).get(`/api/jobs/${job.id}/calibration`);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    const expected = ordinalAlpha(RATINGS).alpha ?? 0;
    expect(body).toMatchObject({
      alpha: Math.round(expected * 1000) / 1000,
      reason: null,
      candidates: 6,
      ratings: 18,
    });
    expect(body.reviewers).toHaveLength(3);
    const harsh = body.reviewers.find(
      (line: { id: number }) => line.id === second.user.id,
    );
    expect(harsh).toMatchObject({
      name: `${second.user.first_name} ${second.user.last_name}`,
      offset: -1.83,
      count: 6,
      flagged: true,
    });
    const [widest] = body.split;
    expect(widest).toEqual({
      application: applications[5]?.id,
      name: `${applications[5]?.first_name} ${applications[5]?.last_name}`,
      spread: 4,
    });
    // Rated per question: each question has its line, here with too few answer ratings.
    expect(body.questions).toHaveLength(2);
    expect(body.questions[0]).toMatchObject({
      alpha: null,
      reason: NOT_ENOUGH_RATINGS,
    });
  });

  it('shows a reviewer only their own line, and nobody outside the job anything', async () => {
    const { job, first, company } = await ratedPanel();
    const reviewer = await signedInClient(t, first.user.id);
    const own = (await reviewer.get(`/api/jobs/${job.id}/calibration`)).json();
    expect(own.reviewers).toEqual([
      expect.objectContaining({ id: first.user.id, count: 6 }),
    ]);
    expect(own).toMatchObject({ alpha: null, split: [], questions: [] });

    // A reviewer who sees only their own reviews is not shown how far the others' sit.
    const { user: ownOnly } = await createJobReviewer(t.db, job.id, {
      applicants: 0,
      all_reviews: false,
      rating: 1,
    });
    const application = (
      await t.db
        .selectFrom('reviews')
        .select('application_id')
        .where('user_id', '=', first.user.id)
        .executeTakeFirstOrThrow()
    ).application_id;
    await t.db
      .insertInto('reviews')
      .values({ application_id: application, user_id: ownOnly.id, rating: 5 })
      .execute();
    const blind = (
      await (
        await signedInClient(t, ownOnly.id)
      ).get(`/api/jobs/${job.id}/calibration`)
    ).json();
    expect(blind.reviewers).toEqual([
      expect.objectContaining({ id: ownOnly.id, offset: null, count: 1 }),
    ]);

    const colleague = await createUser(t.db, { companies: [company.id] });
    expect(
      (
        await (
          await signedInClient(t, colleague.id)
        ).get(`/api/jobs/${job.id}/calibration`)
      ).statusCode,
    ).toBe(200);
    const outsider = await createUser(t.db, {
      companies: [(await createCompany(t.db)).id],
    });
    const refused = await (
      await signedInClient(t, outsider.id)
    ).get(`/api/jobs/${job.id}/calibration`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('alpha');
  });

  it('says there are not enough ratings yet below five candidates rated twice', async () => {
    const { job, owner } = await createReviewableJob(t.db);
    const body = (
      await (
        await signedInClient(t, owner.id)
      ).get(`/api/jobs/${job.id}/calibration`)
    ).json();
    expect(body).toMatchObject({
      alpha: null,
      reason: NOT_ENOUGH_RATINGS,
      candidates: 0,
      reviewers: [],
      split: [],
    });
  });
});
