import { STAGES } from '@candor/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createApplication } from '../../../test/factories';
import {
  createJobReviewer,
  createReviewableJob,
  signedInClient,
  type ReviewerGrant,
} from '../../../test/reviewing-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ONLY_DECIDERS =
  'Only reviewers who may shortlist and reject can send feedback to the interviewee.';

/**
 * A matrix job whose first interviewee is reviewed (so the feedback link and the feedback page
 * apply), and a third one the company user invites, so the outbox holds an e-mail carrying the
 * interviewee's personal link.
 */
async function jobWithKeysAround() {
  const setup = await createReviewableJob(t.db, { ratingStyle: 2 });
  const [first] = setup.applications;
  await t.db
    .updateTable('applications')
    .set({ reviewed_at: new Date() })
    .where('id', '=', first.id)
    .execute();
  const invitee = await createApplication(t.db, { job_id: setup.job.id });
  const owner = await signedInClient(t, setup.owner.id);
  const invited = await owner.post(
    `/api/jobs/${setup.job.id}/applications/${invitee.id}/invite`,
    {},
  );
  expect(invited.statusCode).toBe(200);
  const mail = await t.db
    .selectFrom('outbox')
    .select('html')
    .where('application_id', '=', invitee.id)
    .executeTakeFirstOrThrow();
  // The comms check below means something only if the e-mail does hold the key.
  expect(mail.html).toContain(`/i/${invitee.shortcode}`);
  return { ...setup, owner, ownerId: setup.owner.id, invitee };
}

const GRANTS: [string, ReviewerGrant][] = [];
for (const rating of [0, 1] as const)
  for (const all_reviews of [false, true])
    for (const applicants of [0, 4] as const)
      GRANTS.push([
        `${rating === 1 ? 'rate and decide' : 'rate only'}, ${all_reviews ? 'all reviews' : 'own reviews'}, ${applicants === 0 ? 'all interviewees' : 'chosen interviewees'}`,
        { rating, all_reviews, applicants },
      ]);

describe.each(GRANTS)(
  "a reviewer (%s) and the interviewee's key (the attack of issue 27)",
  (_name, grant) => {
    const reviewerOnJob = async () => {
      const setup = await jobWithKeysAround();
      const { user } = await createJobReviewer(t.db, setup.job.id, {
        ...grant,
        assigned:
          grant.applicants === 4
            ? [setup.applications[0].id, setup.invitee.id]
            : [],
      });
      const client = await signedInClient(t, user.id);
      return { ...setup, client, base: `/api/jobs/${setup.job.id}` };
    };

    it('finds no token, /i/ link or shortcode in any reply', async () => {
      const { job, applications, invitee, client, base } =
        await reviewerOnJob();
      const [first, second] = applications;
      const everyone = [first, second, invitee];

      const replies: { url: string; status: number; body: string }[] = [];
      const read = async (url: string) => {
        const response = await client.get(url);
        replies.push({ url, status: response.statusCode, body: response.body });
        return response;
      };
      await read('/api/jobs');
      await read(base);
      for (const stage of STAGES)
        await read(`${base}/applications?status=${stage}&filter=All`);
      for (const application of everyone) {
        await read(`${base}/applications/${application.id}`);
        await read(`${base}/applications/${application.id}/next`);
        await read(`${base}/applications/${application.id}/emails`);
        await read(`${base}/comments?application=${application.id}`);
        await read(`${base}/activities?application=${application.id}`);
      }
      await read(`${base}/activities`);
      await read(`/api/applications?q=${encodeURIComponent('Applicant')}`);
      await read(`/api/applications?q=Applicant&job=${job.id}`);
      // A decision's reply is an application too.
      const shortlisted = await client.post(
        `${base}/applications/${first.id}/shortlist`,
      );
      replies.push({
        url: 'shortlist',
        status: shortlisted.statusCode,
        body: shortlisted.body,
      });
      expect(shortlisted.statusCode).toBe(grant.rating === 1 ? 200 : 403);

      // The reads did answer: the detail and the search show the interviewee.
      const detail = await client.get(`${base}/applications/${first.id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({
        interview_url: null,
        _token: null,
      });
      expect(detail.json().actions).not.toContain('feedback_link');
      const search = replies.find((reply) =>
        reply.url.startsWith('/api/applications?q=Applicant&job='),
      );
      expect(search?.status).toBe(200);
      expect(search?.body).toContain(first.first_name);

      for (const reply of replies) {
        for (const application of everyone) {
          expect(reply.body, reply.url).not.toContain(application.token);
          expect(reply.body, reply.url).not.toContain(application.shortcode);
        }
        expect(reply.body, reply.url).not.toContain('/i/');
        expect(reply.body, reply.url).not.toContain('/feedback/');
      }
    });

    it('sends feedback that reaches the interviewee only with the rating permission', async () => {
      const { job, applications, client, base } = await reviewerOnJob();
      const [first] = applications;
      const text = `Clear and well structured (${grant.rating}).`;
      const posted = await client.post(`${base}/comments`, {
        application: first.id,
        comment: text,
        feedback: true,
      });
      const stored = await t.db
        .selectFrom('comments')
        .select('comment')
        .where('application_id', '=', first.id)
        .where('comment', '=', text)
        .execute();
      const page = await t
        .client()
        .get(`/api/feedback/${job.id}/${first.token}`);
      expect(page.statusCode).toBe(200);
      if (grant.rating === 1) {
        expect(posted.statusCode).toBe(201);
        expect(stored).toHaveLength(1);
        expect(page.json().comments).toContain(text);
      } else {
        expect(posted.statusCode).toBe(403);
        expect(posted.json().message).toBe(ONLY_DECIDERS);
        expect(stored).toHaveLength(0);
        expect(page.json().comments).not.toContain(text);
        // An ordinary comment, which stays inside the panel, is still theirs to write.
        const note = await client.post(`${base}/comments`, {
          application: first.id,
          comment: 'A note for the panel.',
        });
        expect(note.statusCode).toBe(201);
      }
    });
  },
);

describe("the company user and the interviewee's key", () => {
  it('still gets the personal link, the token and the feedback link', async () => {
    const { job, applications, owner } = await jobWithKeysAround();
    const [first] = applications;
    const detail = await owner.get(
      `/api/jobs/${job.id}/applications/${first.id}`,
    );
    expect(detail.json()).toMatchObject({
      interview_url: `http://localhost:3000/i/${first.shortcode}`,
      _token: first.token,
    });
    expect(detail.json().actions).toContain('feedback_link');
    const feedback = await owner.post(`/api/jobs/${job.id}/comments`, {
      application: first.id,
      comment: 'Thank you for your time.',
      feedback: true,
    });
    expect(feedback.statusCode).toBe(201);
  });
});
