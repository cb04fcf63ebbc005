import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createJobReviewer,
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';
import { createReviewerReminderPoller } from './reviewer-reminders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const remindersTo = (email: string) =>
  t.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_email', '=', email)
    .where('kind', '=', 'reviewer-reminder')
    .execute();

/** A reviewer of every interviewee of the job who asked for reminder e-mails. */
async function reviewerWantingReminders(jobId: number) {
  const created = await createJobReviewer(t.db, jobId, {
    applicants: 0,
    all_reviews: false,
    rating: 0,
  });
  await t.db
    .updateTable('reviewers')
    .set({ reminder_email: true })
    .where('id', '=', created.reviewer.id)
    .execute();
  return created;
}

describe('reviewer reminders', () => {
  it('e-mails reviewers who asked for it about interviewees waiting for them, once a day', async () => {
    const { job, applications } = await createReviewableJob(t.db);
    const { user: wants, reviewer } = await reviewerWantingReminders(job.id);
    const { user: quiet } = await createJobReviewer(t.db, job.id, {
      applicants: 0,
      all_reviews: false,
      rating: 0,
    });
    const poller = createReviewerReminderPoller();

    expect(await poller.runOnce(t.ctx)).toBe(1);
    const [mail] = await remindersTo(wants.email);
    expect(mail?.text).toContain(
      `2 interviewees are waiting for your review on “${job.title}”`,
    );
    expect(mail?.text).toContain(
      `http://localhost:3000/interviews/${job.id}/interviewee`,
    );
    expect(await remindersTo(quiet.email)).toEqual([]);

    // Not again within the day.
    expect(await poller.runOnce(t.ctx)).toBe(0);

    // A day later, only the interviewee whose review they have not completed counts.
    const client = await signedInClient(t, wants.id);
    await client.post(`/api/jobs/${job.id}/reviews`, {
      rating: 3,
      application: applications[0].id,
    });
    await client.post(
      `/api/jobs/${job.id}/applications/${applications[0].id}/reviewed`,
    );
    await t.db
      .updateTable('reviewers')
      .set({ reminded_at: new Date(Date.now() - 25 * 3600_000) })
      .where('id', '=', reviewer.id)
      .execute();
    expect(await poller.runOnce(t.ctx)).toBe(1);
    const reminders = await remindersTo(wants.email);
    expect(reminders[1]?.text).toContain('1 interviewee is waiting');
  });

  it("is written in the reviewer's language", async () => {
    const { job } = await createReviewableJob(t.db);
    const { user } = await reviewerWantingReminders(job.id);
    await t.db
      .updateTable('users')
      .set({ locale: 'fr-fr' })
      .where('id', '=', user.id)
      .execute();
    await createReviewerReminderPoller().runOnce(t.ctx);
    const [mail] = await remindersTo(user.email);
    expect(mail?.subject).toBe(
      `Des personnes attendent votre évaluation : ${job.title}`,
    );
    expect(mail?.text).toContain(
      `2 personnes attendent votre évaluation pour « ${job.title} ».`,
    );
    expect(mail?.html).toContain('Commencer l’évaluation');
  });

  it('counts what each reviewer completed, not what the panel did', async () => {
    const { job, owner, applications } = await createReviewableJob(t.db);
    const { user } = await reviewerWantingReminders(job.id);
    // A colleague completed a review and rated; the reviewer rated one answer, completed none.
    const colleague = await signedInClient(t, owner.id);
    await colleague.post(`/api/jobs/${job.id}/reviews`, {
      rating: 5,
      application: applications[0].id,
    });
    await colleague.post(
      `/api/jobs/${job.id}/applications/${applications[0].id}/reviewed`,
    );
    await t.db
      .insertInto('answer_reviews')
      .values({
        answer_id: applications[1].answers[0].id,
        user_id: user.id,
        rating: 4,
      })
      .execute();

    expect(await createReviewerReminderPoller().runOnce(t.ctx)).toBe(1);
    const [mail] = await remindersTo(user.email);
    expect(mail?.text).toContain(
      `2 interviewees are waiting for your review on “${job.title}”`,
    );
  });
});
