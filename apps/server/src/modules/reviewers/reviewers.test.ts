import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCompany, createUser } from '../../../test/factories';
import {
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';
import type { TestClient } from '../../../test/test-client';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import { createOutboxPoller } from '../../platform/mail/outbox-poller';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = { first_name: string; last_name: string; email: string };

async function addReviewer(client: TestClient, jobId: number, person: Person) {
  const response = await client.post(`/api/jobs/${jobId}/reviewers`, person);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; account_status: number }>();
}

/** Invites the reviewer and reads the token of the link e-mailed to them. */
async function inviteToken(
  client: TestClient,
  options: { jobId: number; reviewerId: number; email: string },
) {
  const invite = await client.post(
    `/api/jobs/${options.jobId}/reviewers/${options.reviewerId}/invite`,
  );
  expect(invite.statusCode, invite.body).toBe(200);
  const email = await t.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_email', '=', options.email)
    .where('kind', '=', 'reviewer-invite')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = /\/reviewer-invite\/([\w-]+)/.exec(email.text)?.[1];
  if (!token) throw new Error('The invitation has no link.');
  return { token, email };
}

/** An account that has a password (it signed up or accepted something elsewhere before). */
const existingAccount = (email: string) =>
  createUser(t.db, { email, firstName: 'Real', lastName: 'Name' });

/** What a caller sees of one job: the job, its applicants, the job list and a search. */
async function seenOf(client: TestClient, jobId: number) {
  const [job, applications, list, search] = await Promise.all([
    client.get(`/api/jobs/${jobId}`),
    client.get(`/api/jobs/${jobId}/applications`),
    client.get('/api/jobs'),
    client.get('/api/applications?q=applicant'),
  ]);
  return {
    job: job.statusCode,
    applications: applications.statusCode,
    listed: list
      .json<{ results: { id: number }[] }>()
      .results.some((row) => row.id === jobId),
    searched: search
      .json<{ results: { job: { id: number } }[] }>()
      .results.some((row) => row.job.id === jobId),
  };
}
const SEES_NOTHING = {
  job: 404,
  applications: 404,
  listed: false,
  searched: false,
};
const SEES_ALL = { job: 200, applications: 200, listed: true, searched: true };

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
      user: { id: null, full_name: 'Nia Reed' },
      first_name: 'Nia',
      last_name: 'Reed',
      email: 'new.reviewer@example.test',
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
    expect(user.first_name).toBe('Nia');

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
      ['new.reviewer@example.test', false],
    ]);
  });

  it('changes settings, with rate-and-decide only for all interviewees and all reviews', async () => {
    const { job, owner, applications } = await createReviewableJob(t.db);
    const client = await signedInClient(t, owner.id);
    const { id } = await addReviewer(client, job.id, {
      email: 'r1@example.test',
      first_name: 'R',
      last_name: 'One',
    });
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
    expect(holder).toMatchObject({
      user: {
        id: owner.id,
        full_name: `${owner.first_name} ${owner.last_name}`,
      },
      account_status: 1,
    });
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
    const added = await addReviewer(client, job.id, {
      email: 'gone@example.test',
      first_name: 'G',
      last_name: 'One',
    });
    const { token } = await inviteToken(client, {
      jobId: job.id,
      reviewerId: added.id,
      email: 'gone@example.test',
    });
    const reviewer = t.client();
    expect(
      (
        await reviewer.post(`/api/reviewer-invite/${token}`, {
          password: 'plum-harbour-violet-7',
        })
      ).statusCode,
    ).toBe(200);
    const reviews = `/api/jobs/${job.id}/reviews?application=${applications[0].id}`;
    expect((await reviewer.get(reviews)).statusCode).toBe(200);
    expect(
      (await client.delete(`/api/jobs/${job.id}/reviewers/${added.id}`))
        .statusCode,
    ).toBe(204);
    expect((await reviewer.get(reviews)).statusCode).toBe(404);
    expect(
      (await client.delete(`/api/jobs/${job.id}/reviewers/${added.id}`))
        .statusCode,
    ).toBe(404);
  });

  it('is active at once for an active member of the company, and for someone who accepted its invitation before', async () => {
    const { job, owner, company } = await createReviewableJob(t.db);
    const client = await signedInClient(t, owner.id);
    const colleague = await createUser(t.db, { companies: [company.id] });
    const asColleague = await addReviewer(client, job.id, {
      email: colleague.email,
      first_name: 'Col',
      last_name: 'League',
    });
    expect(asColleague.account_status).toBe(1);

    // Someone who accepted this company's invitation for one job reviews its next one at once.
    const second = await createReviewableJob(t.db);
    await t.db
      .updateTable('jobs')
      .set({ company_id: company.id })
      .where('id', '=', second.job.id)
      .execute();
    const first = await addReviewer(client, job.id, {
      email: 'trusted@example.test',
      first_name: 'Tru',
      last_name: 'Sted',
    });
    const { token } = await inviteToken(client, {
      jobId: job.id,
      reviewerId: first.id,
      email: 'trusted@example.test',
    });
    const trusted = t.client();
    await trusted.post(`/api/reviewer-invite/${token}`, {
      password: 'plum-harbour-violet-7',
    });
    const next = await addReviewer(client, second.job.id, {
      email: 'trusted@example.test',
      first_name: 'Tru',
      last_name: 'Sted',
    });
    expect(next.account_status).toBe(1);
    expect(
      (await trusted.get(`/api/jobs/${second.job.id}/applications`)).statusCode,
    ).toBe(200);
  });
});

describe('the invitation', () => {
  it('e-mails a personal link; a new person sets a strong password there and is signed in', async () => {
    const { job, owner, applications, company } = await createReviewableJob(
      t.db,
    );
    const client = await signedInClient(t, owner.id);
    const added = await addReviewer(client, job.id, {
      email: 'invitee@example.test',
      first_name: 'Ivy',
      last_name: 'Lane',
    });
    const invite = await client.post(
      `/api/jobs/${job.id}/reviewers/${added.id}/invite`,
    );
    expect(invite.statusCode).toBe(200);
    expect(invite.json()).toEqual({ status: 'reviewer invited' });

    const { token, email } = await inviteToken(client, {
      jobId: job.id,
      reviewerId: added.id,
      email: 'invitee@example.test',
    });
    expect(email.subject).toBe(`You are invited to review “${job.title}”`);
    expect(email.from_name).toBe(company.name);
    expect(email.text).toContain('Hello Ivy,');
    expect(email.text).toContain(
      `http://localhost:3000/reviewer-invite/${token}`,
    );
    // A personal link: the outbox row names no company.
    expect(email.company_id).toBeNull();

    const visitor = t.client();
    const info = await visitor.get(`/api/reviewer-invite/${token}`);
    expect(info.json()).toEqual({
      email: 'invitee@example.test',
      first_name: 'Ivy',
      company_name: company.name,
      job_title: job.title,
      has_password: false,
      signed_in_as_invitee: false,
    });
    // Before accepting, the row opens nothing.
    const reviews = `/api/jobs/${job.id}/reviews?application=${applications[0].id}`;
    const short = await visitor.post(`/api/reviewer-invite/${token}`, {
      password: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toEqual([
      'Use at least 10 characters',
    ]);
    const common = await visitor.post(`/api/reviewer-invite/${token}`, {
      password: 'password1234',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields.password[0]).toMatch(/too common/);
    const missing = await visitor.post(`/api/reviewer-invite/${token}`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.password).toEqual(['Choose a password']);

    const accepted = await visitor.post(`/api/reviewer-invite/${token}`, {
      password: 'a-long-enough-password',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ status: 'OK', job_id: job.id });
    expect((await visitor.get('/api/user')).json()).toMatchObject({
      email: 'invitee@example.test',
      current_company: null,
    });
    expect((await visitor.get(reviews)).statusCode).toBe(200);
    const reviewers = (
      await client.get(`/api/jobs/${job.id}/reviewers`)
    ).json();
    expect(reviewers[1]).toMatchObject({
      account_status: 1,
      user: { id: expect.any(Number), full_name: 'Ivy Lane' },
    });
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

  it('never sets the password of an account that has one: its owner signs in and accepts', async () => {
    const { job, owner, applications } = await createReviewableJob(t.db);
    const client = await signedInClient(t, owner.id);
    const account = await existingAccount('holder@agency.example');
    const added = await addReviewer(client, job.id, {
      email: 'holder@agency.example',
      first_name: 'Hol',
      last_name: 'Der',
    });
    const { token, email } = await inviteToken(client, {
      jobId: job.id,
      reviewerId: added.id,
      email: 'holder@agency.example',
    });
    expect(email.text).toContain('Sign in with your account and accept');

    const stranger = t.client();
    expect(
      (await stranger.get(`/api/reviewer-invite/${token}`)).json(),
    ).toMatchObject({ has_password: true, signed_in_as_invitee: false });
    const refused = await stranger.post(`/api/reviewer-invite/${token}`, {
      password: 'a-brand-new-password',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Sign in as holder@agency.example to accept this invitation.',
    );
    const someoneElse = await signedInClient(t, (await createUser(t.db)).id);
    expect(
      (await someoneElse.post(`/api/reviewer-invite/${token}`, {})).statusCode,
    ).toBe(409);
    const before = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();

    const invitee = await signedInClient(t, account.id);
    expect(
      (await invitee.get(`/api/reviewer-invite/${token}`)).json(),
    ).toMatchObject({ has_password: true, signed_in_as_invitee: true });
    expect(
      (await invitee.get(`/api/jobs/${job.id}/applications`)).statusCode,
    ).toBe(404);
    const accepted = await invitee.post(`/api/reviewer-invite/${token}`, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ status: 'OK', job_id: job.id });
    const after = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
    expect(
      (
        await invitee.get(
          `/api/jobs/${job.id}/reviews?application=${applications[0].id}`,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await invitee.post(`/api/reviewer-invite/${token}`, {})).statusCode,
    ).toBe(404);
  });
});

describe('reviewers belong to each company separately (issue 26)', () => {
  it("replays the attack: another company's invitation opens only its own jobs", async () => {
    const northwind = await createReviewableJob(t.db);
    const acme = await createReviewableJob(t.db);
    const northwindOwner = await signedInClient(t, northwind.owner.id);
    const acmeOwner = await signedInClient(t, acme.owner.id);
    const person = {
      email: 'outside@agency.example',
      first_name: 'Out',
      last_name: 'Side',
    };
    // A pending reviewer of Northwind, who never accepted.
    const pending = await addReviewer(northwindOwner, northwind.job.id, person);
    await inviteToken(northwindOwner, {
      jobId: northwind.job.id,
      reviewerId: pending.id,
      email: person.email,
    });

    // Acme adds the same address, invites it and sets the password through its own link.
    const added = await addReviewer(acmeOwner, acme.job.id, {
      ...person,
      first_name: 'Acme',
      last_name: 'Name',
    });
    const { token } = await inviteToken(acmeOwner, {
      jobId: acme.job.id,
      reviewerId: added.id,
      email: person.email,
    });
    const attacker = t.client();
    expect(
      (
        await attacker.post(`/api/reviewer-invite/${token}`, {
          password: 'plum-harbour-violet-7',
        })
      ).statusCode,
    ).toBe(200);

    expect(await seenOf(attacker, acme.job.id)).toEqual(SEES_ALL);
    expect(await seenOf(attacker, northwind.job.id)).toEqual(SEES_NOTHING);
    expect(
      (
        await attacker.get(
          `/api/jobs/${northwind.job.id}/reviews?application=${northwind.applications[0].id}`,
        )
      ).statusCode,
    ).toBe(404);
    const northwindRow = await t.db
      .selectFrom('reviewers')
      .select('account_status')
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(northwindRow.account_status).toBe(0);
    // Northwind still sees the person as invited, under the names it gave.
    const panel = (
      await northwindOwner.get(`/api/jobs/${northwind.job.id}/reviewers`)
    ).json();
    expect(panel[1]).toMatchObject({
      account_status: 0,
      user: { id: null, full_name: 'Out Side' },
    });
  });

  it('adding an existing account tells the company nothing, and opens nothing until it accepts while signed in', async () => {
    const northwind = await createReviewableJob(t.db);
    const owner = await signedInClient(t, northwind.owner.id);
    const account = await existingAccount('Taken.Person@Agency.example');
    const existing = await owner.post(
      `/api/jobs/${northwind.job.id}/reviewers`,
      {
        email: 'taken.person@agency.example',
        first_name: 'Typed',
        last_name: 'Name',
      },
    );
    const fresh = await owner.post(`/api/jobs/${northwind.job.id}/reviewers`, {
      email: 'nobody.yet@agency.example',
      first_name: 'Typed',
      last_name: 'Name',
    });
    expect(existing.statusCode).toBe(201);
    // The same reply for both, but for the row's id and the address typed.
    const shape = (reply: typeof existing) => ({
      ...reply.json<Record<string, unknown>>(),
      id: 'row id',
      email: 'address typed',
    });
    expect(shape(existing)).toEqual(shape(fresh));
    expect(existing.json()).toMatchObject({
      email: 'taken.person@agency.example',
      user: { id: null, full_name: 'Typed Name' },
      first_name: 'Typed',
      last_name: 'Name',
      account_status: 0,
    });
    const listed = (await owner.get('/api/reviewers')).json();
    const entry = listed.results.find(
      (row: { email: string }) => row.email === 'taken.person@agency.example',
    );
    expect(entry).toMatchObject({
      user: { id: null, full_name: 'Typed Name' },
      first_name: 'Typed',
      account_status: 0,
    });
    expect(JSON.stringify(listed)).not.toContain('Real');

    const signedIn = await signedInClient(t, account.id);
    expect(await seenOf(signedIn, northwind.job.id)).toEqual(SEES_NOTHING);

    const { token } = await inviteToken(owner, {
      jobId: northwind.job.id,
      reviewerId: existing.json().id,
      email: 'Taken.Person@Agency.example',
    });
    expect(
      (await t.client().post(`/api/reviewer-invite/${token}`, {})).statusCode,
    ).toBe(409);
    expect(await seenOf(signedIn, northwind.job.id)).toEqual(SEES_NOTHING);
    expect(
      (await signedIn.post(`/api/reviewer-invite/${token}`, {})).statusCode,
    ).toBe(200);
    expect(await seenOf(signedIn, northwind.job.id)).toEqual(SEES_ALL);
    // Accepted, the company sees the account as it is.
    const panel = (
      await owner.get(`/api/jobs/${northwind.job.id}/reviewers`)
    ).json();
    expect(panel[1]).toMatchObject({
      email: 'Taken.Person@Agency.example',
      user: { id: account.id, full_name: 'Typed Name' },
      account_status: 1,
    });
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
    await addReviewer(client, first.job.id, {
      email: 'ann@example.test',
      first_name: 'Ann',
      last_name: 'Archer',
    });
    await addReviewer(client, secondJob.id, {
      email: 'bob@example.test',
      first_name: 'Bob',
      last_name: 'Baker',
    });
    // A reviewer of another company's job never shows.
    const other = await createReviewableJob(t.db);
    const otherClient = await signedInClient(t, other.owner.id);
    await addReviewer(otherClient, other.job.id, {
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

  it('answers not_job alike for every id the caller may not see', async () => {
    const acme = await createReviewableJob(t.db);
    const northwind = await createReviewableJob(t.db);
    const acmeClient = await signedInClient(t, acme.owner.id);
    const northwindClient = await signedInClient(t, northwind.owner.id);
    // Someone reviewing for both companies: a filter by Northwind's job would drop them.
    for (const [client, jobId] of [
      [acmeClient, acme.job.id],
      [northwindClient, northwind.job.id],
    ] as const) {
      await addReviewer(client, jobId, {
        email: 'both@example.test',
        first_name: 'Bo',
        last_name: 'Th',
      });
    }
    const reply = async (query: string) =>
      (await acmeClient.get(`/api/reviewers${query}`)).body;
    const unfiltered = await reply('');
    const missing = await reply('?not_job=999999999');
    const foreign = await reply(`?not_job=${northwind.job.id}`);
    expect(foreign).toBe(missing);
    expect(foreign).toBe(unfiltered);
    expect(foreign).toContain('both@example.test');
    // Only a job of the caller's own company filters.
    expect(await reply(`?not_job=${acme.job.id}`)).not.toContain(
      'both@example.test',
    );
  });

  it('is for company users only', async () => {
    const reviewer = await createUser(t.db);
    const client = await signedInClient(t, reviewer.id);
    expect((await client.get('/api/reviewers')).statusCode).toBe(403);
  });
});

describe('the development mailbox', () => {
  it('never lists or opens an e-mail that carries a personal link', async () => {
    const { job, owner, company } = await createReviewableJob(t.db);
    const client = await signedInClient(t, owner.id);
    const added = await addReviewer(client, job.id, {
      email: 'private@example.test',
      first_name: 'Pri',
      last_name: 'Vate',
    });
    await inviteToken(client, {
      jobId: job.id,
      reviewerId: added.id,
      email: 'private@example.test',
    });
    // Even a personal link queued under the company's name (as before decision 120) stays hidden.
    await enqueueEmails(t.db, [
      {
        companyId: company.id,
        kind: 'reviewer-invite',
        to: 'older@example.test',
        fromName: company.name,
        replyTo: '',
        subject: 'An older invitation',
        html: '<p>/reviewer-invite/older-token-older-token</p>',
        text: '/reviewer-invite/older-token-older-token',
      },
      {
        companyId: company.id,
        kind: 'message',
        to: 'applicant@example.test',
        fromName: company.name,
        replyTo: '',
        subject: 'An ordinary message',
        html: '<p>Hello</p>',
        text: 'Hello',
      },
    ]);
    const poller = createOutboxPoller();
    await poller.runOnce(t.ctx);
    poller.close();

    const files = readdirSync(join(t.dataDir, 'mail'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    const list = (await client.get('/api/dev/mail')).json();
    const recipients = list.results.map((row: { to: string }) => row.to);
    expect(recipients).toContain('applicant@example.test');
    expect(recipients).not.toContain('private@example.test');
    expect(recipients).not.toContain('older@example.test');
    const rows = await t.db
      .selectFrom('outbox')
      .select(['id', 'to_email'])
      .where('to_email', 'in', ['private@example.test', 'older@example.test'])
      .execute();
    for (const row of rows) {
      const file = files.find((name) =>
        new RegExp(`outbox-${row.id}\\D`).test(name),
      );
      expect(file, row.to_email).toBeDefined();
      expect(
        (await client.get(`/api/dev/mail/${file ?? ''}`)).statusCode,
        row.to_email,
      ).toBe(404);
    }
  });
});

describe('a company of its own people', () => {
  it("shows its own member's name on a row made without one", async () => {
    const company = await createCompany(t.db);
    const owner = await createUser(t.db, {
      companies: [company.id],
      firstName: 'Olive',
      lastName: 'Owner',
    });
    const client = await signedInClient(t, owner.id);
    const created = await client.post('/api/jobs', {
      title: 'Made here',
      company: company.shortname,
    });
    expect(created.statusCode, created.body).toBe(201);
    const panel = (
      await client.get(`/api/jobs/${created.json().id}/reviewers`)
    ).json();
    expect(panel).toMatchObject([
      {
        is_account_holder: true,
        user: { id: owner.id, full_name: 'Olive Owner' },
        account_status: 1,
      },
    ]);
  });
});
