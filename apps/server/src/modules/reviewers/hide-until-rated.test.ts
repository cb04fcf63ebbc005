import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createJobReviewer,
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COMMENT = 'Clear answers, a little short on examples';

type Client = Awaited<ReturnType<typeof signedInClient>>;

/**
 * The company user rates the first interviewee 4, comments and shortlists; then a reviewer who
 * may see all reviews joins the panel. `blind` sets "Hide other reviewers' scores until you have
 * rated" through the API, as the job's settings page does.
 */
async function panel(blind: boolean) {
  const setup = await createReviewableJob(t.db);
  const [first] = setup.applications;
  const base = `/api/jobs/${setup.job.id}`;
  const owner = await signedInClient(t, setup.owner.id);
  const patched = await owner.patch(base, { blind_until_rated: blind });
  expect(patched.statusCode).toBe(200);
  expect(
    (await owner.post(`${base}/reviews`, { application: first.id, rating: 4 }))
      .statusCode,
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
  const { user } = await createJobReviewer(t.db, setup.job.id, {
    applicants: 0,
    all_reviews: true,
    rating: 1,
  });
  const client = await signedInClient(t, user.id);
  return { ...setup, first, base, owner, client };
}

/** What the reviewer's pages show of the first interviewee. */
async function seenBy(client: Client, base: string, applicationId: number) {
  const detail = await client.get(`${base}/applications/${applicationId}`);
  const reviews = await client.get(
    `${base}/reviews?application=${applicationId}`,
  );
  const comments = await client.get(
    `${base}/comments?application=${applicationId}`,
  );
  const activity = await client.get(
    `${base}/activities?application=${applicationId}&page_size=50`,
  );
  const feed = await client.get(`${base}/activities?page_size=50`);
  for (const reply of [detail, reviews, comments, activity, feed])
    expect(reply.statusCode).toBe(200);
  return {
    average: detail.json().average_review as unknown,
    raters: (reviews.json() as { user_id: number }[]).map((row) => row.user_id),
    comments: comments.body,
    activity: activity.body,
    feed: feed.body,
  };
}

describe("hide other reviewers' scores until you have rated (decision 132)", () => {
  it('shows a reviewer who may see all reviews nobody else’s rating, average, comment or decision until they rate, then all of them', async () => {
    const { client, base, first, owner } = await panel(true);
    const before = await seenBy(client, base, first.id);
    expect(before.average).toEqual({
      review_average: null,
      from_count: 0,
      hidden: true,
    });
    expect(before.raters).toEqual([]);
    expect(before.comments).not.toContain(COMMENT);
    for (const feed of [before.activity, before.feed]) {
      expect(feed).not.toContain(COMMENT);
      expect(feed).not.toMatch(/rated|commented|shortlisted/);
    }
    // The job page's list hides the figure the same way.
    const listed = await client.get(
      `${base}/applications?status=Outcomes&filter=All`,
    );
    expect(listed.statusCode).toBe(200);
    const row = (
      listed.json().results as { id: number; average_review: unknown }[]
    ).find((candidate) => candidate.id === first.id);
    expect(row?.average_review).toEqual({
      review_average: null,
      from_count: 0,
      hidden: true,
    });
    // The company user manages the job and keeps seeing the panel.
    const ownerView = await owner.get(`${base}/applications/${first.id}`);
    expect(ownerView.json().average_review).toEqual({
      review_average: 4,
      from_count: 1,
    });

    const rated = await client.post(`${base}/reviews`, {
      application: first.id,
      rating: 2,
    });
    expect(rated.statusCode).toBe(201);
    expect(rated.json().average_review).toEqual({
      review_average: 3,
      from_count: 2,
    });
    const after = await seenBy(client, base, first.id);
    expect(after.average).toEqual({ review_average: 3, from_count: 2 });
    expect(after.raters).toHaveLength(2);
    expect(after.comments).toContain(COMMENT);
    expect(after.activity).toMatch(/rated/);
    expect(after.activity).toMatch(/commented/);
    expect(after.activity).toMatch(/shortlisted/);
  });

  it('counts rating one answer as having rated', async () => {
    const { client, base, first } = await panel(true);
    const answer = first.answers[0];
    const rated = await client.post(`${base}/answerreviews`, {
      answer: answer.id,
      rating: 5,
    });
    expect(rated.statusCode).toBe(201);
    const after = await seenBy(client, base, first.id);
    expect(after.average).toEqual({ review_average: 4.5, from_count: 2 });
    expect(after.comments).toContain(COMMENT);
  });

  it('changes nothing when the setting is off', async () => {
    const { client, base, first } = await panel(false);
    const seen = await seenBy(client, base, first.id);
    expect(seen.average).toEqual({ review_average: 4, from_count: 1 });
    expect(seen.raters).toHaveLength(1);
    expect(seen.comments).toContain(COMMENT);
    expect(seen.activity).toMatch(/shortlisted/);
  });

  it('is carried by the job list and detail, and PATCH takes only a yes or no', async () => {
    const { owner, base, job } = await panel(true);
    expect((await owner.get(base)).json().blind_until_rated).toBe(true);
    const list = await owner.get('/api/jobs?page_size=100');
    expect(
      (
        list.json().results as { id: number; blind_until_rated: boolean }[]
      ).find((candidate) => candidate.id === job.id)?.blind_until_rated,
    ).toBe(true);
    const refused = await owner.patch(base, { blind_until_rated: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(
      (await owner.patch(base, { blind_until_rated: false })).statusCode,
    ).toBe(200);
    expect((await owner.get(base)).json().blind_until_rated).toBe(false);
  });
});
