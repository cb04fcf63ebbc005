import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories';
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

type Client = Awaited<ReturnType<typeof signedInClient>>;

/**
 * One interview with two interviewees who answered, and its panel: the owner, a colleague of
 * the same company, a reviewer of every interviewee who sees all reviews, one who sees only
 * their own, and one who reviews the first interviewee alone (chosen) and sees all reviews.
 */
async function panel() {
  const setup = await createReviewableJob(t.db);
  const [first, second] = setup.applications;
  const base = `/api/jobs/${setup.job.id}`;
  const colleagueUser = await createUser(t.db, {
    companies: [setup.company.id],
  });
  const allReviews = await createJobReviewer(t.db, setup.job.id, {
    applicants: 0,
    all_reviews: true,
    rating: 0,
  });
  const ownOnly = await createJobReviewer(t.db, setup.job.id, {
    applicants: 0,
    all_reviews: false,
    rating: 0,
  });
  const chosen = await createJobReviewer(t.db, setup.job.id, {
    applicants: 4,
    all_reviews: true,
    rating: 0,
    assigned: [first.id],
  });
  return {
    ...setup,
    first,
    second,
    base,
    owner: await signedInClient(t, setup.owner.id),
    colleague: await signedInClient(t, colleagueUser.id),
    allReviews: await signedInClient(t, allReviews.user.id),
    ownOnly: await signedInClient(t, ownOnly.user.id),
    chosen: await signedInClient(t, chosen.user.id),
    ids: { owner: setup.owner.id, allReviews: allReviews.user.id },
    names: {
      owner: `${setup.owner.first_name} ${setup.owner.last_name}`,
      allReviews: `${allReviews.user.first_name} ${allReviews.user.last_name}`,
      chosen: `${chosen.user.first_name} ${chosen.user.last_name}`,
    },
  };
}

/** The 'To review' figures one person sees: the dashboard's total, the job's row and reply. */
async function toReviewOf(client: Client, jobId: number) {
  const list = (await client.get('/api/jobs?page_size=50')).json();
  const row = list.results.find((job: { id: number }) => job.id === jobId);
  const detail = (await client.get(`/api/jobs/${jobId}`)).json();
  return {
    total: list.to_review,
    row: row?.to_review,
    detail: detail.to_review,
  };
}

const figures = (n: number) => ({ total: n, row: n, detail: n });

describe('each person completes their own review', () => {
  it('keeps every person’s completion apart, with one activity line each', async () => {
    const p = await panel();
    const path = `${p.base}/applications/${p.first.id}`;

    const done = await p.owner.post(`${path}/reviewed`);
    expect(done.statusCode).toBe(200);
    expect(done.json().review_completed_at).not.toBeNull();
    expect(done.json().reviewed_at).not.toBeNull();

    // The reviewer has not completed theirs: the stage is Reviewed, their own review is open.
    const seen = (await p.allReviews.get(path)).json();
    expect(seen).toMatchObject({
      stage: 'Reviewed',
      review_completed_at: null,
    });
    const theirs = await p.allReviews.post(`${path}/reviewed`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().review_completed_at).not.toBeNull();
    // reviewed_at stays the panel's first completion.
    expect(theirs.json().reviewed_at).toBe(done.json().reviewed_at);

    // Completing again keeps the first time and writes no second line.
    const again = await p.owner.post(`${path}/reviewed`);
    expect(again.statusCode).toBe(200);
    expect(again.json().review_completed_at).toBe(
      done.json().review_completed_at,
    );
    const rows = await t.db
      .selectFrom('review_completions')
      .select(['user_id'])
      .where('application_id', '=', p.first.id)
      .orderBy('user_id')
      .execute();
    expect(rows.map((row) => row.user_id)).toEqual(
      [p.ids.owner, p.ids.allReviews].sort((a, b) => a - b),
    );
    const lines = await t.db
      .selectFrom('activities')
      .select('user_id')
      .where('application_id', '=', p.first.id)
      .where('verb', '=', 'application.review_completed')
      .execute();
    expect(lines).toHaveLength(2);
  });

  it('counts To review per person: what they may review and have not completed', async () => {
    const p = await panel();
    // Two interviewees in review for everyone who reviews them all; one for the chosen reviewer.
    expect(await toReviewOf(p.owner, p.job.id)).toEqual(figures(2));
    expect(await toReviewOf(p.colleague, p.job.id)).toEqual(figures(2));
    expect(await toReviewOf(p.allReviews, p.job.id)).toEqual(figures(2));
    expect(await toReviewOf(p.chosen, p.job.id)).toEqual(figures(1));

    // The owner rates and completes the first: only their own figure moves.
    await p.owner.post(`${p.base}/reviews`, {
      application: p.first.id,
      rating: 4,
    });
    await p.owner.post(`${p.base}/applications/${p.first.id}/reviewed`);
    expect(await toReviewOf(p.owner, p.job.id)).toEqual(figures(1));
    expect(await toReviewOf(p.colleague, p.job.id)).toEqual(figures(2));
    expect(await toReviewOf(p.allReviews, p.job.id)).toEqual(figures(2));
    expect(await toReviewOf(p.ownOnly, p.job.id)).toEqual(figures(2));
    expect(await toReviewOf(p.chosen, p.job.id)).toEqual(figures(1));

    // The chosen reviewer completes theirs: nothing left for them.
    await p.chosen.post(`${p.base}/applications/${p.first.id}/reviewed`);
    expect(await toReviewOf(p.chosen, p.job.id)).toEqual(figures(0));

    // A decision closes the review for everyone, and an undone decision reopens it.
    await p.owner.post(`${p.base}/reviews`, {
      application: p.second.id,
      rating: 3,
    });
    const shortlisted = await p.owner.post(
      `${p.base}/applications/${p.second.id}/shortlist`,
    );
    expect(shortlisted.statusCode).toBe(200);
    expect(await toReviewOf(p.owner, p.job.id)).toEqual(figures(0));
    expect(await toReviewOf(p.colleague, p.job.id)).toEqual(figures(1));
    // Archived by any writer (the job page archives only those who never answered).
    const archive = (archived: boolean) =>
      t.db
        .updateTable('applications')
        .set({ archived })
        .where('id', '=', p.first.id)
        .execute();
    await archive(true);
    expect(await toReviewOf(p.colleague, p.job.id)).toEqual(figures(0));
    expect(await toReviewOf(p.owner, p.job.id)).toEqual(figures(0));
    await archive(false);
    expect(await toReviewOf(p.owner, p.job.id)).toEqual(figures(0));
    expect(await toReviewOf(p.colleague, p.job.id)).toEqual(figures(1));
    await p.owner.post(`${p.base}/applications/${p.second.id}/unshortlist`);
    expect(await toReviewOf(p.owner, p.job.id)).toEqual(figures(1));

    // The kept flag agrees with the applicants' state after each of those changes.
    const open = await t.db
      .selectFrom('review_completions')
      .select(['user_id', 'open'])
      .where('application_id', '=', p.first.id)
      .execute();
    expect(open.every((row) => row.open)).toBe(true);
  });

  it('shows the panel’s progress to company users and reviewers who see all reviews only', async () => {
    const p = await panel();
    await p.allReviews.post(`${p.base}/applications/${p.first.id}/reviewed`);

    const job = await p.owner.get(`${p.base}/panel`);
    expect(job.statusCode).toBe(200);
    const members = job.json().members as {
      name: string;
      you: boolean;
      kind: string;
      completed: number;
      to_review: number;
    }[];
    expect(members).toContainEqual({
      name: p.names.owner,
      you: true,
      kind: 'company',
      completed: 0,
      to_review: 2,
    });
    expect(members).toContainEqual({
      name: p.names.allReviews,
      you: false,
      kind: 'reviewer',
      completed: 1,
      to_review: 1,
    });
    expect(members).toContainEqual({
      name: p.names.chosen,
      you: false,
      kind: 'reviewer',
      completed: 0,
      to_review: 1,
    });
    expect(members).toHaveLength(5 - 1); // The colleague is on no panel until they complete.

    const one = await p.allReviews.get(
      `${p.base}/applications/${p.first.id}/panel`,
    );
    expect(one.statusCode).toBe(200);
    const [firstDone, ...rest] = one.json().members as {
      name: string;
      you: boolean;
      completed_at: string | null;
    }[];
    expect(firstDone).toMatchObject({ name: p.names.allReviews, you: true });
    expect(firstDone?.completed_at).not.toBeNull();
    expect(rest.every((member) => member.completed_at === null)).toBe(true);
    // The chosen reviewer is on the first interviewee's panel, not on the second's.
    const second = (
      await p.owner.get(`${p.base}/applications/${p.second.id}/panel`)
    ).json().members as { name: string }[];
    expect(second.map((member) => member.name)).not.toContain(p.names.chosen);

    // A reviewer of their own reviews only sees nobody's progress.
    expect((await p.ownOnly.get(`${p.base}/panel`)).statusCode).toBe(403);
    expect(
      (await p.ownOnly.get(`${p.base}/applications/${p.first.id}/panel`))
        .statusCode,
    ).toBe(403);
    // A reviewer of chosen interviewees sees their interviewee's panel, not the job's figures.
    expect((await p.chosen.get(`${p.base}/panel`)).statusCode).toBe(403);
    expect(
      (await p.chosen.get(`${p.base}/applications/${p.first.id}/panel`))
        .statusCode,
    ).toBe(200);
    expect(
      (await p.chosen.get(`${p.base}/applications/${p.second.id}/panel`))
        .statusCode,
    ).toBe(404);
  });

  it('hides who completed an interviewee until the reviewer rated them on a blind job', async () => {
    const p = await panel();
    await p.owner.patch(p.base, { blind_until_rated: true });
    await p.owner.post(`${p.base}/applications/${p.first.id}/reviewed`);
    const path = `${p.base}/applications/${p.first.id}/panel`;
    expect((await p.allReviews.get(path)).statusCode).toBe(403);
    await p.allReviews.post(`${p.base}/reviews`, {
      application: p.first.id,
      rating: 2,
    });
    const seen = await p.allReviews.get(path);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().members).toContainEqual(
      expect.objectContaining({ name: p.names.owner, you: false }),
    );
    // Company users manage the job: they always see it.
    expect((await p.owner.get(path)).statusCode).toBe(200);
  });

  it('counts a completed review as having made the call on a blind job, as a matrix reviewer must', async () => {
    const p = await panel();
    await p.owner.patch(p.base, { blind_until_rated: true });
    await p.owner.post(`${p.base}/reviews`, {
      application: p.first.id,
      rating: 4,
    });
    const reviews = async () =>
      (
        await p.allReviews.get(`${p.base}/reviews?application=${p.first.id}`)
      ).json() as { rating: number }[];
    const average = async () =>
      (await p.allReviews.get(`${p.base}/applications/${p.first.id}`)).json()
        .average_review;
    expect(await reviews()).toEqual([]);
    expect(await average()).toMatchObject({ hidden: true });

    await p.allReviews.post(`${p.base}/applications/${p.first.id}/reviewed`);
    expect((await reviews()).map((review) => review.rating)).toEqual([4]);
    expect(await average()).toEqual({ review_average: 4, from_count: 1 });
  });
});
