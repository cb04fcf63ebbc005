import { sql } from 'kysely';
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

type Entry = { history: string };

async function historiesOf(
  client: Awaited<ReturnType<typeof signedInClient>>,
  jobId: number,
  applicationId: number,
) {
  const reply = await client.get(
    `/api/jobs/${jobId}/activities?application=${applicationId}`,
  );
  expect(reply.statusCode).toBe(200);
  return (reply.json().results as Entry[]).map((entry) => entry.history);
}

const ratedLines = (histories: string[]) =>
  histories.filter((history) => history.includes(' rated '));

describe("the 'rated' activity of a decision being made", () => {
  it('keeps one line with the final rating for three quick re-ratings', async () => {
    const { owner, job, applications } = await createReviewableJob(t.db);
    const application = applications[0];
    const client = await signedInClient(t, owner.id);
    const base = `/api/jobs/${job.id}/reviews`;
    const body = { application: application.id, user: owner.id };

    const created = await client.post(base, { ...body, rating: 2 });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(
      (await client.put(`${base}/${id}`, { ...body, rating: 3 })).statusCode,
    ).toBe(200);
    expect(
      (await client.put(`${base}/${id}`, { ...body, rating: 4 })).statusCode,
    ).toBe(200);

    const rated = ratedLines(await historiesOf(client, job.id, application.id));
    expect(rated).toHaveLength(1);
    expect(rated[0]).toMatch(/ rated .* 4 out of 5$/);
  });

  it('keeps one line per answer rated, and a new line once two minutes have passed', async () => {
    const { owner, job, applications } = await createReviewableJob(t.db, {
      ratingStyle: 2,
    });
    const application = applications[0];
    const [first, second] = application.answers;
    const client = await signedInClient(t, owner.id);
    const rate = (answer: number, rating: number) =>
      client.post(`/api/jobs/${job.id}/answerreviews`, {
        answer,
        rating,
        user: owner.id,
      });

    for (const rating of [1, 2, 3]) await rate(first.id, rating);
    await rate(second.id, 5);
    await rate(second.id, 4);
    expect(
      ratedLines(await historiesOf(client, job.id, application.id)),
    ).toHaveLength(2);

    // Later second thoughts are a new decision, with their own line.
    await t.db
      .updateTable('activities')
      .set({ created_at: sql`now() - interval '3 minutes'` })
      .where('application_id', '=', application.id)
      .execute();
    await rate(second.id, 2);
    expect(
      ratedLines(await historiesOf(client, job.id, application.id)),
    ).toHaveLength(3);
  });

  it("starts a new line when someone else's entry came in between", async () => {
    const { owner, job, applications } = await createReviewableJob(t.db);
    const application = applications[0];
    const { user: colleague } = await createJobReviewer(t.db, job.id, {
      applicants: 0,
      all_reviews: true,
      rating: 0,
    });
    const ownerClient = await signedInClient(t, owner.id);
    const colleagueClient = await signedInClient(t, colleague.id);
    const rate = (client: typeof ownerClient, user: number, rating: number) =>
      client.post(`/api/jobs/${job.id}/reviews`, {
        application: application.id,
        user,
        rating,
      });

    await rate(ownerClient, owner.id, 3);
    await rate(colleagueClient, colleague.id, 5);
    await rate(ownerClient, owner.id, 4);
    expect(
      ratedLines(await historiesOf(ownerClient, job.id, application.id)),
    ).toHaveLength(3);
  });
});
