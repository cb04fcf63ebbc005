import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories';
import {
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('reviewers of a job', () => {
  it('adds a new person by e-mail as a reviewer without password or company', async () => {
    const { job, owner } = await createReviewableJob(t.db);
    const client = await signedInClient(t, owner.id);
    const response = await client.post(`/api/jobs/${job.id}/reviewers`, {
      email: 'New.Reviewer@Example.test',
      first_name: 'Nia',
      last_name: 'Reed',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      user: { full_name: 'Nia Reed' },
      email: 'New.Reviewer@Example.test',
      account_status: 0,
      is_account_holder: false,
      applicants: 0,
      all_reviews: false,
      rating: 0,
      assigned_applications: [],
    });
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'New.Reviewer@Example.test')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();
    expect(user.current_company_id).toBeNull();

    const again = await client.post(`/api/jobs/${job.id}/reviewers`, {
      email: 'new.reviewer@example.test',
      first_name: 'N',
      last_name: 'R',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'new.reviewer@example.test already reviews this interview.',
    );

    const list = await client.get(`/api/jobs/${job.id}/reviewers`);
    expect(
      list
        .json()
        .map((row: { email: string; is_account_holder: boolean }) => [
          row.email,
          row.is_account_holder,
        ]),
    ).toEqual([
      [owner.email, true],
      ['New.Reviewer@Example.test', false],
    ]);
  });

  it('changes settings, with rate-and-decide only for all interviewees and all reviews', async () => {
    const { job, owner, applications } = await createReviewableJob(t.db);
    const client = await signedInClient(t, owner.id);
    const { id } = (
      await client.post(`/api/jobs/${job.id}/reviewers`, {
        email: 'r1@example.test',
        first_name: 'R',
        last_name: 'One',
      })
    ).json();
    const url = `/api/jobs/${job.id}/reviewers/${id}`;

    const refused = await client.patch(url, { rating: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('rating');

    const granted = await client.patch(url, {
      all_reviews: true,
      rating: 1,
      reminder_email: true,
    });
    expect(granted.json()).toMatchObject({
      all_reviews: true,
      rating: 1,
      reminder_email: true,
    });

    const chosen = await client.patch(url, {
      applicants: 4,
      assigned_applications: [applications[1].id],
    });
    expect(chosen.json()).toMatchObject({
      applicants: 4,
      rating: 0,
      assigned_applications: [applications[1].id],
    });

    const foreign = await createReviewableJob(t.db);
    const wrong = await client.patch(url, {
      assigned_applications: [foreign.applications[0].id],
    });
    expect(wrong.statusCode).toBe(400);

    const back = await client.patch(url, { applicants: 0 });
    expect(back.json().assigned_applications).toEqual([]);
  });

  it('never edits, invites or removes the account holder', async () => {
    const { job, owner } = await createReviewableJob(t.db);
    const client = await signedInClient(t, owner.id);
    const holder = (
      await client.get(`/api/jobs/${job.id}/reviewers`)
    ).json()[0];
    const edit = await client.patch(
      `/api/jobs/${job.id}/reviewers/${holder.id}`,
      { all_reviews: false },
    );
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('The account holder cannot be edited.');
    const remove = await client.delete(
      `/api/jobs/${job.id}/reviewers/${holder.id}`,
    );
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe('The account holder cannot be removed.');
    expect(
      (await client.post(`/api/jobs/${job.id}/reviewers/${holder.id}/invite`))
        .statusCode,
    ).toBe(409);
  });

  it('removes a reviewer, who then loses the job', async () => {
    const { job, owner, applications } = await createReviewableJob(t.db);
    const client = await signedInClient(t, owner.id);
    const added = (
      await client.post(`/api/jobs/${job.id}/reviewers`, {
        email: 'gone@example.test',
        first_name: 'G',
        last_name: 'One',
      })
    ).json();
    await t.db
      .updateTable('users')
      .set({ password_hash: 'x' })
      .where('id', '=', added.user.id)
      .execute();
    const reviewer = await signedInClient(t, added.user.id);
    expect(
      (
        await reviewer.get(
          `/api/jobs/${job.id}/reviews?application=${applications[0].id}`,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await client.delete(`/api/jobs/${job.id}/reviewers/${added.id}`))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await reviewer.get(
          `/api/jobs/${job.id}/reviews?application=${applications[0].id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await client.delete(`/api/jobs/${job.id}/reviewers/${added.id}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('the invitation', () => {
  it('e-mails a personal link; the reviewer sets a password there and is signed in', async () => {
    const { job, owner, applications } = await createReviewableJob(t.db);
    const client = await signedInClient(t, owner.id);
    const added = (
      await client.post(`/api/jobs/${job.id}/reviewers`, {
        email: 'invitee@example.test',
        first_name: 'Ivy',
        last_name: 'Lane',
      })
    ).json();
    const invite = await client.post(
      `/api/jobs/${job.id}/reviewers/${added.id}/invite`,
    );
    expect(invite.statusCode).toBe(200);
    expect(invite.json()).toEqual({ status: 'reviewer invited' });

    const email = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_email', '=', 'invitee@example.test')
      .executeTakeFirstOrThrow();
    expect(email.kind).toBe('reviewer-invite');
    expect(email.subject).toContain(job.title);
    const link = /http:\/\/localhost:3000\/reviewer-invite\/([\w-]+)/.exec(
      email.text,
    );
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';

    const visitor = t.client();
    const info = await visitor.get(`/api/reviewer-invite/${token}`);
    expect(info.json()).toMatchObject({
      email: 'invitee@example.test',
      first_name: 'Ivy',
      job_title: job.title,
      has_password: false,
    });
    expect(
      (
        await visitor.post(`/api/reviewer-invite/${token}`, {
          password: 'short',
        })
      ).statusCode,
    ).toBe(400);
    const accepted = await visitor.post(`/api/reviewer-invite/${token}`, {
      password: 'a-long-enough-password',
    });
    expect(accepted.statusCode).toBe(200);
    expect((await visitor.get('/api/user')).json()).toMatchObject({
      email: 'invitee@example.test',
      current_company: null,
    });
    expect(
      (
        await visitor.get(
          `/api/jobs/${job.id}/reviews?application=${applications[0].id}`,
        )
      ).statusCode,
    ).toBe(200);
    const reviewers = (
      await client.get(`/api/jobs/${job.id}/reviewers`)
    ).json();
    expect(reviewers[1]).toMatchObject({ account_status: 1 });
    expect(reviewers[1].invited_at).not.toBeNull();

    // The link works once.
    expect(
      (await t.client().get(`/api/reviewer-invite/${token}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await t.client().post(`/api/reviewer-invite/${token}`, {
          password: 'another-long-password',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.client().get('/api/reviewer-invite/not-a-real-token-at-all'))
        .statusCode,
    ).toBe(404);
  });
});

describe("the company's reviewers", () => {
  it('lists people reviewing any of its jobs, filtered by name, e-mail and not_job', async () => {
    const first = await createReviewableJob(t.db);
    const client = await signedInClient(t, first.owner.id);
    const secondJob = await t.db
      .insertInto('jobs')
      .values({
        company_id: first.company.id,
        title: 'Second',
        shortcode: `s${Date.now()}`,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await client.post(`/api/jobs/${first.job.id}/reviewers`, {
      email: 'ann@example.test',
      first_name: 'Ann',
      last_name: 'Archer',
    });
    await client.post(`/api/jobs/${secondJob.id}/reviewers`, {
      email: 'bob@example.test',
      first_name: 'Bob',
      last_name: 'Baker',
    });
    // A reviewer of another company's job never shows.
    const other = await createReviewableJob(t.db);
    const otherClient = await signedInClient(t, other.owner.id);
    await otherClient.post(`/api/jobs/${other.job.id}/reviewers`, {
      email: 'cat@example.test',
      first_name: 'Cat',
      last_name: 'Cole',
    });

    const emails = async (query: string) =>
      (await client.get(`/api/reviewers${query}`))
        .json()
        .results.map((row: { email: string }) => row.email)
        .sort();
    expect(await emails('')).toEqual(
      ['ann@example.test', 'bob@example.test', first.owner.email].sort(),
    );
    expect(await emails(`?not_job=${first.job.id}`)).toEqual([
      'bob@example.test',
    ]);
    expect(await emails('?first_name=an')).toEqual(['ann@example.test']);
    expect(await emails('?last_name=BAK')).toEqual(['bob@example.test']);
    expect(await emails('?email=bob@')).toEqual(['bob@example.test']);
    const page = (await client.get('/api/reviewers?page_size=1')).json();
    expect(page.count).toBe(3);
    expect(page.results).toHaveLength(1);
  });

  it('is for company users only', async () => {
    const reviewer = await createUser(t.db);
    const client = await signedInClient(t, reviewer.id);
    expect((await client.get('/api/reviewers')).statusCode).toBe(403);
  });
});
