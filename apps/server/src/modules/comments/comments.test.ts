import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createJobReviewer,
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';
import { enqueueEmails } from '../../platform/mail/outbox.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('comments on an application', () => {
  it('posts comments and feedback, and a comment is required', async () => {
    const { job, owner, applications } = await createReviewableJob(t.db);
    const client = await signedInClient(t, owner.id);
    const application = applications[0].id;
    const posted = await client.post(`/api/jobs/${job.id}/comments`, {
      application,
      comment: '  Great energy.  ',
      user: owner.id,
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      application,
      comment: 'Great energy.',
      is_feedback: false,
      user: {
        id: owner.id,
        full_name: `${owner.first_name} ${owner.last_name}`,
      },
    });
    const empty = await client.post(`/api/jobs/${job.id}/comments`, {
      application,
      comment: '   ',
      feedback: true,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ comment: ['A comment is required'] });
    const feedback = await client.post(`/api/jobs/${job.id}/comments`, {
      application,
      comment: 'Well structured.',
      feedback: true,
    });
    expect(feedback.json().is_feedback).toBe(true);
    const list = await client.get(
      `/api/jobs/${job.id}/comments?application=${application}`,
    );
    expect(list.json().map((row: { comment: string }) => row.comment)).toEqual([
      'Great energy.',
      'Well structured.',
    ]);
    const activity = await t.db
      .selectFrom('activities')
      .select('verb')
      .where('application_id', '=', application)
      .execute();
    expect(activity.map((row) => row.verb).sort()).toEqual([
      'application.commented',
      'application.feedback',
    ]);
  });
});

describe('review comments', () => {
  it('adds a new comment, or overwrites the own one on that question with the flag', async () => {
    const { job, owner, applications, questions } = await createReviewableJob(
      t.db,
    );
    const { user: reviewer } = await createJobReviewer(t.db, job.id, {
      applicants: 0,
      all_reviews: false,
      rating: 0,
    });
    const client = await signedInClient(t, reviewer.id);
    const base = `/api/jobs/${job.id}/reviewcomments`;
    const application = applications[0].id;
    const question = questions[0].id;
    const first = await client.post(base, {
      application,
      comment: 'First take.',
      question,
      reviewer: reviewer.id,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      comment: 'First take.',
      question,
      reviewer: reviewer.id,
    });
    const added = await client.post(base, {
      application,
      comment: 'Another note.',
      question,
    });
    expect(added.json().id).not.toBe(first.json().id);
    const overwritten = await client.post(base, {
      application,
      comment: 'Second thoughts.',
      question,
      overwrite: true,
    });
    expect(overwritten.json().id).toBe(added.json().id);
    // Overwriting where nothing exists yet creates one.
    const fresh = await client.post(base, {
      application,
      comment: 'Team player.',
      question: questions[1].id,
      overwrite: true,
    });
    expect(fresh.statusCode).toBe(201);
    const edited = await client.put(`${base}/${first.json().id}`, {
      application,
      comment: 'Edited.',
      question,
    });
    expect(edited.json().comment).toBe('Edited.');

    const ownerClient = await signedInClient(t, owner.id);
    await ownerClient.post(base, {
      application,
      comment: 'Owner note.',
      question,
    });
    const reviewerView = await client.get(`${base}?application=${application}`);
    expect(
      reviewerView.json().map((row: { comment: string }) => row.comment),
    ).toEqual(['Edited.', 'Second thoughts.', 'Team player.']);
    const ownerView = await ownerClient.get(
      `${base}?application=${application}`,
    );
    expect(ownerView.json()).toHaveLength(4);
    const ownerEdit = await ownerClient.put(`${base}/${first.json().id}`, {
      application,
      comment: 'Hijack.',
      question,
    });
    expect(ownerEdit.statusCode).toBe(403);
    const notAnswered = await client.post(base, {
      application,
      comment: 'x',
      question: 987654,
    });
    expect(notAnswered.statusCode).toBe(400);
  });
});

describe('the comms tab', () => {
  it("lists every e-mail sent to the interviewee with its delivery state, and no one else's", async () => {
    const { job, owner, applications, company } = await createReviewableJob(
      t.db,
    );
    const email = (applicationId: number, subject: string) => ({
      companyId: company.id,
      jobId: job.id,
      applicationId,
      kind: 'invitation',
      to: 'someone@example.test',
      fromName: company.name,
      replyTo: '',
      subject,
      html: '<p>Hello</p>',
      text: 'Hello',
    });
    await enqueueEmails(t.db, [
      email(applications[0].id, 'Your interview'),
      email(applications[1].id, 'Not this one'),
    ]);
    await t.db
      .updateTable('outbox')
      .set({ status: 'failed', last_error: '550 mailbox unavailable' })
      .where('subject', '=', 'Your interview')
      .execute();
    const client = await signedInClient(t, owner.id);
    const response = await client.get(
      `/api/jobs/${job.id}/applications/${applications[0].id}/emails`,
    );
    expect(response.json()).toEqual([
      expect.objectContaining({
        subject: 'Your interview',
        status: 'failed',
        last_error: '550 mailbox unavailable',
        sent_at: null,
      }),
    ]);
  });
});
