import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function reviewedMatrixJob() {
  const setup = await createReviewableJob(t.db, { ratingStyle: 2 });
  const client = await signedInClient(t, setup.owner.id);
  const application = setup.applications[0];
  const base = `/api/jobs/${setup.job.id}`;
  const choose = (question: number | null, indicator: number, level: number) =>
    client.post(`${base}/matrixreviews`, {
      application: application.id,
      question,
      indicator,
      level,
    });
  await choose(setup.questions[0].id, 0, 0);
  await choose(setup.questions[0].id, 3, 1);
  await choose(null, 0, 0);
  await client.post(`${base}/comments`, {
    application: application.id,
    comment: 'Thank you for your time.',
    feedback: true,
  });
  await client.post(`${base}/comments`, {
    application: application.id,
    comment: 'Internal only.',
  });
  return {
    ...setup,
    application,
    url: `/api/feedback/${setup.job.id}/${application.token}`,
  };
}

describe('the feedback page', () => {
  it('shows the matrix feedback once the interviewee is Reviewed, without signing in', async () => {
    const { application, url, questions } = await reviewedMatrixJob();
    expect((await t.client().get(url)).statusCode).toBe(404);
    await t.db
      .updateTable('applications')
      .set({ reviewed_at: new Date() })
      .where('id', '=', application.id)
      .execute();
    const response = await t.client().get(url);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.first_name).toBe(application.first_name);
    expect(page.questions[0]).toEqual({
      id: questions[0].id,
      text: questions[0].text,
      strengths: [
        'You set the scene well: the situation you described was specific, real and easy to follow.',
      ],
      improvements: [
        'Finish with the result of your actions, with figures where you can, and what you learned.',
      ],
    });
    expect(page.questions[1]).toMatchObject({
      strengths: [],
      improvements: [],
    });
    expect(page.communication.strengths).toEqual([
      'You spoke clearly and at a comfortable pace, which made your answers easy to follow.',
    ]);
    expect(page.comments).toEqual(['Thank you for your time.']);
  });

  it('is shown in Outcomes too, and never with a wrong token, job or rating style', async () => {
    const { application, job, url } = await reviewedMatrixJob();
    await t.db
      .updateTable('applications')
      .set({ rejected: true, rejected_at: new Date() })
      .where('id', '=', application.id)
      .execute();
    expect((await t.client().get(url)).statusCode).toBe(200);
    expect(
      (
        await t
          .client()
          .get(`/api/feedback/${job.id}/${application.token.slice(0, -2)}xx`)
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t
          .client()
          .get(`/api/feedback/${job.id + 1000}/${application.token}`)
      ).statusCode,
    ).toBe(404);
    await t.db
      .updateTable('jobs')
      .set({ rating_style: 1 })
      .where('id', '=', job.id)
      .execute();
    expect((await t.client().get(url)).statusCode).toBe(404);
  });
});
