import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createJobReviewer,
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';
import { assertReviewCanBeCompleted, findUserRatings } from './reviews.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signedIn = (user: { id: number }) => signedInClient(t, user.id);

const storedAverage = (applicationId: number) =>
  t.db
    .selectFrom('applications')
    .select(['review_average', 'review_count'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();

describe('overall reviews', () => {
  it('creates when no id is given, updates otherwise, and stores the average', async () => {
    const { owner, job, applications } = await createReviewableJob(t.db);
    const { user: second } = await createJobReviewer(t.db, job.id, {
      applicants: 0,
      all_reviews: true,
      rating: 0,
    });
    const application = applications[0];
    const ownerClient = await signedIn(owner);

    const created = await ownerClient.post(`/api/jobs/${job.id}/reviews`, {
      rating: 4,
      application: application.id,
      user: owner.id,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      rating: 4,
      user: owner.id,
      average_review: { review_average: 4, from_count: 1 },
      user_rating: 4,
    });

    const secondClient = await signedIn(second);
    const other = await secondClient.post(`/api/jobs/${job.id}/reviews`, {
      rating: 1,
      application: application.id,
    });
    expect(other.json().average_review).toEqual({
      review_average: 2.5,
      from_count: 2,
    });
    expect(other.json().user_rating).toBe(1);

    const updated = await ownerClient.put(
      `/api/jobs/${job.id}/reviews/${created.json().id}`,
      {
        rating: 5,
        application: application.id,
      },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().id).toBe(created.json().id);
    expect(updated.json().average_review).toEqual({
      review_average: 3,
      from_count: 2,
    });
    expect(await storedAverage(application.id)).toEqual({
      review_average: 3,
      review_count: 2,
    });

    // A second POST by the same reviewer updates their review too: one rating per reviewer.
    await ownerClient.post(`/api/jobs/${job.id}/reviews`, {
      rating: 3,
      application: application.id,
    });
    const list = await ownerClient.get(
      `/api/jobs/${job.id}/reviews?application=${application.id}`,
    );
    expect(list.json()).toHaveLength(2);
    expect(await storedAverage(application.id)).toEqual({
      review_average: 2,
      review_count: 2,
    });
  });

  it('refuses a rating outside the scale and writing as someone else', async () => {
    const { owner, job, applications } = await createReviewableJob(t.db, {
      ratingScale: 5,
      ratingMin: 1,
    });
    const client = await signedIn(owner);
    for (const rating of [0, 6]) {
      const response = await client.post(`/api/jobs/${job.id}/reviews`, {
        rating,
        application: applications[0].id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'The rating must be a whole number from 1 to 5.',
      );
    }
    const impersonating = await client.post(`/api/jobs/${job.id}/reviews`, {
      rating: 3,
      application: applications[0].id,
      user: owner.id + 1000,
    });
    expect(impersonating.statusCode).toBe(403);
  });

  it("never changes another reviewer's review", async () => {
    const { owner, job, applications } = await createReviewableJob(t.db);
    const { user: reviewer } = await createJobReviewer(t.db, job.id, {
      applicants: 0,
      all_reviews: true,
      rating: 0,
    });
    const ownerClient = await signedIn(owner);
    const ownReview = await ownerClient.post(`/api/jobs/${job.id}/reviews`, {
      rating: 4,
      application: applications[0].id,
    });
    const reviewerClient = await signedIn(reviewer);
    const response = await reviewerClient.put(
      `/api/jobs/${job.id}/reviews/${ownReview.json().id}`,
      {
        rating: 1,
        application: applications[0].id,
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'You can only change your own reviews and comments.',
    );
    expect(await storedAverage(applications[0].id)).toEqual({
      review_average: 4,
      review_count: 1,
    });
  });

  it("treats 0 as 'No rating' when the scale starts at 0", async () => {
    const { owner, job, applications } = await createReviewableJob(t.db, {
      ratingMin: 0,
    });
    const client = await signedIn(owner);
    const response = await client.post(`/api/jobs/${job.id}/reviews`, {
      rating: 0,
      application: applications[0].id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().average_review).toEqual({
      review_average: null,
      from_count: 0,
    });
  });
});

describe('per-answer reviews', () => {
  it('averages each reviewer over their answers, then across reviewers', async () => {
    const { owner, job, applications } = await createReviewableJob(t.db);
    const { user: reviewer } = await createJobReviewer(t.db, job.id, {
      applicants: 0,
      all_reviews: false,
      rating: 0,
    });
    const [first, second] = applications[0].answers;
    const ownerClient = await signedIn(owner);
    const a = await ownerClient.post(`/api/jobs/${job.id}/answerreviews`, {
      rating: 2,
      answer: first.id,
      user: owner.id,
    });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      answer: first.id,
      answer_id: first.id,
      rating: 2,
      user_rating: 2,
    });
    const b = await ownerClient.post(`/api/jobs/${job.id}/answerreviews`, {
      rating: 5,
      answer: second.id,
    });
    expect(b.json()).toMatchObject({
      user_rating: 3.5,
      average_review: { review_average: 3.5, from_count: 1 },
    });

    const reviewerClient = await signedIn(reviewer);
    const c = await reviewerClient.post(`/api/jobs/${job.id}/answerreviews`, {
      rating: 1,
      answer: first.id,
    });
    // Without all_reviews the reviewer's reply counts their own rating only (decision 129);
    // the stored panel average below still counts both.
    expect(c.json()).toMatchObject({
      user_rating: 1,
      average_review: { review_average: 1, from_count: 1 },
    });
    const updated = await reviewerClient.put(
      `/api/jobs/${job.id}/answerreviews/${c.json().id}`,
      { rating: 3, answer: first.id },
    );
    expect(updated.json().average_review).toEqual({
      review_average: 3,
      from_count: 1,
    });
    expect(await storedAverage(applications[0].id)).toEqual({
      review_average: 3.25,
      review_count: 2,
    });

    // Without all_reviews the reviewer reads only their own ratings.
    const own = await reviewerClient.get(
      `/api/jobs/${job.id}/answerreviews?application=${applications[0].id}`,
    );
    expect(own.json().map((row: { user: number }) => row.user)).toEqual([
      reviewer.id,
    ]);
    const all = await ownerClient.get(
      `/api/jobs/${job.id}/answerreviews?application=${applications[0].id}`,
    );
    expect(all.json()).toHaveLength(3);

    const ratings = await findUserRatings(t.db, {
      userId: owner.id,
      applicationIds: [applications[0].id, applications[1].id],
    });
    expect(ratings.get(applications[0].id)).toBe(3.5);
    expect(ratings.get(applications[1].id)).toBeNull();

    // Each rating carries its answer's applicant, which the job page's list reads.
    const stored = await t.db
      .selectFrom('answer_reviews')
      .select('application_id')
      .where('answer_id', 'in', [first.id, second.id])
      .execute();
    expect(stored).toEqual(
      Array(3).fill({ application_id: applications[0].id }),
    );
    const listed = async (client: typeof ownerClient) => {
      const page = await client.get(
        `/api/jobs/${job.id}/applications?status=Reviewed&filter=All`,
      );
      expect(page.statusCode).toBe(200);
      return page
        .json()
        .results.map((row: { id: number; user_rating: number | null }) => [
          row.id,
          row.user_rating,
        ]);
    };
    expect(await listed(ownerClient)).toEqual([[applications[0].id, 3.5]]);
    expect(await listed(reviewerClient)).toEqual([[applications[0].id, 3]]);
  });

  it('refuses an answer of another job as missing', async () => {
    const { owner, job } = await createReviewableJob(t.db);
    const other = await createReviewableJob(t.db);
    const client = await signedIn(owner);
    const response = await client.post(`/api/jobs/${job.id}/answerreviews`, {
      rating: 3,
      answer: other.applications[0].answers[0].id,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the STAR matrix', () => {
  it('lists the options with real indicator texts and the minimums', async () => {
    const { owner, job } = await createReviewableJob(t.db, { ratingStyle: 2 });
    const client = await signedIn(owner);
    const response = await client.get(
      `/api/jobs/${job.id}/matrixreviewoptions`,
    );
    expect(response.statusCode).toBe(200);
    const { options, minimums } = response.json();
    expect(minimums).toEqual({
      indicators_per_question: 3,
      communication_reviews: 3,
    });
    const star = options.filter(
      (option: { kind: string }) => option.kind === 'competency',
    );
    expect(star).toHaveLength(8);
    expect(star[0]).toMatchObject({
      indicator: 0,
      level: 0,
      indicator_description: 'Situation: sets the scene',
    });
    expect(
      options.filter(
        (option: { kind: string }) => option.kind === 'communication',
      ),
    ).toHaveLength(8);
  });

  it('creates, replaces (delete then create) and removes by the same level', async () => {
    const { owner, job, applications, questions } = await createReviewableJob(
      t.db,
      { ratingStyle: 2 },
    );
    const client = await signedIn(owner);
    const application = applications[0].id;
    const cell = {
      application,
      question: questions[0].id,
      competency: 0,
      indicator: 1,
    };
    const created = await client.post(`/api/jobs/${job.id}/matrixreviews`, {
      ...cell,
      level: 0,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      action: 'created',
      removed_id: null,
      review: { indicator: 1, level: 0 },
    });

    const replaced = await client.post(`/api/jobs/${job.id}/matrixreviews`, {
      ...cell,
      level: 1,
    });
    expect(replaced.json()).toMatchObject({
      action: 'replaced',
      removed_id: created.json().review.id,
      review: { level: 1 },
    });
    expect(replaced.json().review.id).not.toBe(created.json().review.id);

    const removed = await client.post(`/api/jobs/${job.id}/matrixreviews`, {
      ...cell,
      level: 1,
    });
    expect(removed.json()).toEqual({
      action: 'removed',
      review: null,
      removed_id: replaced.json().review.id,
    });
    const list = await client.get(
      `/api/jobs/${job.id}/matrixreviews?application=${application}`,
    );
    expect(list.json()).toEqual([]);
  });

  it('edits and deletes one review by id, and refuses cells that do not exist', async () => {
    const { owner, job, applications, questions } = await createReviewableJob(
      t.db,
      { ratingStyle: 2 },
    );
    const client = await signedIn(owner);
    const application = applications[0].id;
    const body = {
      application,
      question: questions[0].id,
      competency: 0,
      indicator: 0,
      level: 0,
    };
    const created = (
      await client.post(`/api/jobs/${job.id}/matrixreviews`, body)
    ).json().review;
    const edited = await client.put(
      `/api/jobs/${job.id}/matrixreviews/${created.id}`,
      { ...body, level: 1 },
    );
    expect(edited.json()).toMatchObject({ id: created.id, level: 1 });
    expect(
      (await client.delete(`/api/jobs/${job.id}/matrixreviews/${created.id}`))
        .statusCode,
    ).toBe(204);
    expect(
      (await client.delete(`/api/jobs/${job.id}/matrixreviews/${created.id}`))
        .statusCode,
    ).toBe(404);

    const badIndicator = await client.post(
      `/api/jobs/${job.id}/matrixreviews`,
      { ...body, indicator: 4 },
    );
    expect(badIndicator.statusCode).toBe(400);
    const otherQuestion = await client.post(
      `/api/jobs/${job.id}/matrixreviews`,
      { ...body, question: 999999 },
    );
    expect(otherQuestion.statusCode).toBe(400);
    expect(otherQuestion.json().message).toBe(
      'This question was not answered by this interviewee.',
    );
  });

  it('is refused on a job that does not use the matrix', async () => {
    const { owner, job, applications, questions } = await createReviewableJob(
      t.db,
      { ratingStyle: 1 },
    );
    const client = await signedIn(owner);
    const response = await client.post(`/api/jobs/${job.id}/matrixreviews`, {
      application: applications[0].id,
      question: questions[0].id,
      indicator: 0,
      level: 0,
    });
    expect(response.statusCode).toBe(409);
  });

  it('holds the completion until the minimums are met, then allows it', async () => {
    const { owner, job, applications, questions } = await createReviewableJob(
      t.db,
      { ratingStyle: 2 },
    );
    const client = await signedIn(owner);
    const application = applications[0].id;
    const choose = (question: number | null, indicator: number) =>
      client.post(`/api/jobs/${job.id}/matrixreviews`, {
        application,
        question,
        indicator,
        level: indicator % 2,
      });
    for (const indicator of [0, 1, 2]) await choose(questions[0].id, indicator);
    await choose(questions[1].id, 0);
    await choose(null, 0);

    const check = () =>
      assertReviewCanBeCompleted(t.db, {
        job,
        applicationId: application,
        userId: owner.id,
      });
    await expect(check()).rejects.toMatchObject({
      statusCode: 409,
      message:
        'The matrix review is not complete yet (Question 2: 1 of 3 indicators; communication: 1 of 3 reviews).',
    });
    const early = await client.post(
      `/api/jobs/${job.id}/applications/${application}/reviewed`,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('Question 2: 1 of 3 indicators');
    for (const indicator of [1, 3]) await choose(questions[1].id, indicator);
    for (const indicator of [1, 2]) await choose(null, indicator);
    await expect(check()).resolves.toBeUndefined();
    const completed = await client.post(
      `/api/jobs/${job.id}/applications/${application}/reviewed`,
    );
    expect(completed.statusCode).toBe(200);
    expect(completed.json().reviewed_at).not.toBeNull();
  });
});
