import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { signedInClient } from '../../../test/reviewing-fixtures';
import { createTeammate, membershipId } from '../../../test/team-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { verifyPassword } from '../../platform/auth/password';

const PUBLIC_URL = 'http://localhost:3000';
const PASSWORD = 'violet-harbour-quartz-lantern';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const uniqueEmail = (name: string) => `${name}.${++sequence}@team.test`;

/** A company with its admin signed in, and one interview the team works on. */
async function companyWithAdmin() {
  const company = await createCompany(t.db);
  const admin = await createUser(t.db, {
    companies: [company.id],
    firstName: 'Alex',
    lastName: 'Admin',
  });
  const job = await createJob(t.db, {
    company_id: company.id,
    created_by: admin.id,
    title: `Barista ${company.shortname}`,
  });
  const client = await signedInClient(t, admin.id);
  const members = `/api/companies/${company.shortname}/members`;
  return { company, admin, job, client, members };
}

const invite = (
  client: Awaited<ReturnType<typeof signedInClient>>,
  members: string,
  body: Partial<Record<'email' | 'first_name' | 'last_name' | 'role', string>>,
) =>
  client.post(members, {
    first_name: 'Nia',
    last_name: 'Reed',
    role: 'member',
    ...body,
  });

function mailTo(email: string) {
  return t.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_email', '=', email)
    .orderBy('id')
    .execute();
}

/** The join link's token in the last e-mail to the address. */
async function joinToken(email: string): Promise<string> {
  const last = (await mailTo(email)).at(-1);
  const match = new RegExp(`${PUBLIC_URL}/join/([A-Za-z0-9_-]+)`).exec(
    last?.text ?? '',
  );
  if (!match?.[1]) throw new Error(`No join link in: ${last?.text}`);
  return match[1];
}

const membership = (companyId: number, userId: number) =>
  t.db
    .selectFrom('memberships')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

const userByEmail = (email: string) =>
  t.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

describe('inviting a colleague', () => {
  it('e-mails a join link; the new person sets name and password and works in the company', async () => {
    const { company, job, client, members } = await companyWithAdmin();
    const email = uniqueEmail('nia');
    const invited = await invite(client, members, { email });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      first_name: 'Nia',
      last_name: 'Reed',
      full_name: 'Nia Reed',
      email,
      role: 'member',
      status: 'invited',
      last_sign_in_at: null,
      is_you: false,
    });

    const [mail] = await mailTo(email);
    expect(mail).toMatchObject({
      kind: 'team-invite',
      // A personal link: no company's mailbox lists it.
      company_id: null,
      from_name: company.name,
      subject: `Alex Admin invited you to join ${company.name} on Candor`,
    });
    expect(mail?.text).toContain('Choose your password to join.');
    const token = await joinToken(email);

    // Invited is not joined: no password, no company, nothing to read yet.
    const placeholder = await userByEmail(email);
    expect(placeholder.password_hash).toBeNull();
    expect(placeholder.current_company_id).toBeNull();

    const newcomer = t.client();
    const page = await newcomer.get(`/api/join/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      company_name: company.name,
      email,
      first_name: 'Nia',
      last_name: 'Reed',
      needs_sign_in: false,
      signed_in_as_invitee: false,
    });

    const missing = await newcomer.post(`/api/join/${token}`, {
      password: PASSWORD,
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual([
      'first_name',
      'last_name',
    ]);
    const common = await newcomer.post(`/api/join/${token}`, {
      first_name: 'Nia',
      last_name: 'Reed',
      password: 'password1234',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toHaveProperty('password');

    const joined = await newcomer.post(`/api/join/${token}`, {
      first_name: 'Nia',
      last_name: 'Reed-Okafor',
      password: PASSWORD,
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ status: 'OK' });

    const me = (await newcomer.get('/api/user')).json();
    expect(me).toMatchObject({
      full_name: 'Nia Reed-Okafor',
      current_company: { id: company.id },
    });
    const jobs = await newcomer.get('/api/jobs');
    expect(jobs.statusCode).toBe(200);
    expect(jobs.json().results.map((row: { id: number }) => row.id)).toEqual([
      job.id,
    ]);
    const account = await userByEmail(email);
    expect(await verifyPassword(account.password_hash, PASSWORD)).toBe(true);

    const list = (await client.get(members)).json();
    expect(
      list.results.find((row: { email: string }) => row.email === email),
    ).toMatchObject({ full_name: 'Nia Reed-Okafor', status: 'active' });

    const again = await t.client().post(`/api/join/${token}`, {
      first_name: 'Eve',
      last_name: 'Other',
      password: 'another-quiet-meadow-41',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(
      'This invitation has expired or was already used.',
    );
  });

  it('grants nothing before the invitation is accepted', async () => {
    const { company, client, members } = await companyWithAdmin();
    const other = await createCompany(t.db);
    const elsewhere = await createUser(t.db, { companies: [other.id] });
    expect(
      (await invite(client, members, { email: elsewhere.email })).statusCode,
    ).toBe(201);

    const session = await signedInClient(t, elsewhere.id);
    const companies = (await session.get('/api/companies')).json();
    expect(companies.results.map((row: { id: number }) => row.id)).toEqual([
      other.id,
    ]);
    const change = await session.post(`/company/change/${company.id}`);
    expect(change.statusCode).toBe(404);
    expect((await session.get(members)).statusCode).toBe(404);
    expect((await session.get('/api/user')).json().current_company.id).toBe(
      other.id,
    );
  });

  it('tells the company nothing about an account that already uses the address', async () => {
    const { company, client, members } = await companyWithAdmin();
    const other = await createCompany(t.db);
    const holder = await createUser(t.db, {
      companies: [other.id],
      email: uniqueEmail('camille'),
      firstName: 'Camille',
      lastName: 'Secret',
    });
    await t.db
      .updateTable('users')
      .set({ locale: 'fr-fr' })
      .where('id', '=', holder.id)
      .execute();
    const typedEmail = holder.email.toUpperCase();
    const known = await invite(client, members, {
      email: typedEmail,
      first_name: 'Cam',
      last_name: 'Typed',
    });
    const unknown = await invite(client, members, {
      email: uniqueEmail('nobody'),
      first_name: 'Cam',
      last_name: 'Typed',
    });
    expect(known.statusCode).toBe(unknown.statusCode);
    const { id: knownId, email: knownEmail, ...knownRest } = known.json();
    const {
      id: unknownId,
      email: unknownEmail,
      ...unknownRest
    } = unknown.json();
    expect([knownEmail, unknownEmail]).toEqual([
      typedEmail,
      (await mailTo(unknownEmail))[0]?.to_email,
    ]);
    expect(knownRest).toEqual({
      ...unknownRest,
      invited_at: knownRest.invited_at,
    });
    // Membership ids are new either way: a user id would show the account's age.
    expect(unknownId).toBe(knownId + 1);
    const list = (await client.get(members)).body;
    expect(list).not.toContain('Secret');
    expect(list).not.toContain('Camille');

    // The holder is asked, in their own language, to sign in and accept.
    const [mail] = await mailTo(typedEmail);
    expect(mail).toMatchObject({
      kind: 'team-invite-existing',
      subject: `Alex Admin vous invite à rejoindre ${company.name} sur Candor`,
    });
    const token = await joinToken(typedEmail);
    const page = (await t.client().get(`/api/join/${token}`)).json();
    expect(page).toMatchObject({ first_name: 'Cam', needs_sign_in: true });

    // Whoever reads the link cannot use it without the account's own password.
    const stranger = await t.client().post(`/api/join/${token}`, {
      first_name: 'Mallory',
      last_name: 'Taker',
      password: PASSWORD,
    });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().message).toBe(
      `Sign in as ${typedEmail} to accept this invitation.`,
    );
    const someoneElse = await signedInClient(t, (await createUser(t.db)).id);
    expect((await someoneElse.post(`/api/join/${token}`, {})).statusCode).toBe(
      409,
    );
    const untouched = await userByEmail(holder.email);
    expect(untouched.password_hash).toBe(holder.password_hash);
    expect(untouched.current_company_id).toBe(other.id);
    expect((await membership(company.id, holder.id))?.status).toBe('invited');
    expect((await membership(other.id, holder.id))?.status).toBe('active');

    // Signed in as the account, the owner accepts; the link changes nothing else.
    const owner = await signedInClient(t, holder.id);
    expect((await owner.get(`/api/join/${token}`)).json()).toMatchObject({
      needs_sign_in: true,
      signed_in_as_invitee: true,
    });
    const accepted = await owner.post(`/api/join/${token}`, {
      password: 'an-attempt-to-change-it-99',
    });
    expect(accepted.statusCode).toBe(200);
    const after = await userByEmail(holder.email);
    expect(after.password_hash).toBe(holder.password_hash);
    expect(await verifyPassword(after.password_hash, TEST_PASSWORD)).toBe(true);
    expect(after.first_name).toBe('Camille');
    expect((await owner.get('/api/user')).json().current_company.id).toBe(
      company.id,
    );
    const companies = (await owner.get('/api/companies')).json();
    expect(companies.count).toBe(2);
  });

  it('sends a fresh link to someone invited again, and refuses active members and system users', async () => {
    const { client, members, admin } = await companyWithAdmin();
    const email = uniqueEmail('again');
    await invite(client, members, { email });
    const first = await joinToken(email);
    const resent = await invite(client, members, {
      email,
      first_name: 'Nina',
      role: 'admin',
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ first_name: 'Nina', role: 'admin' });
    expect(await mailTo(email)).toHaveLength(2);
    const second = await joinToken(email);
    expect((await t.client().get(`/api/join/${first}`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/join/${second}`)).statusCode).toBe(200);
    expect((await client.get(members)).json().count).toBe(2);

    const active = await invite(client, members, { email: admin.email });
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe('This person is already in the team.');

    const system = await createUser(t.db, { email: uniqueEmail('system') });
    await t.db
      .updateTable('users')
      .set({ is_system: true })
      .where('id', '=', system.id)
      .execute();
    const refused = await invite(client, members, { email: system.email });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('email');
  });

  it('stops a link that expired or whose invitation was withdrawn', async () => {
    const { client, members } = await companyWithAdmin();
    const expiring = uniqueEmail('late');
    await invite(client, members, { email: expiring });
    const late = await joinToken(expiring);
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', expiring)
      .execute();
    expect((await t.client().get(`/api/join/${late}`)).statusCode).toBe(404);
    const tooLate = await t.client().post(`/api/join/${late}`, {
      first_name: 'Late',
      last_name: 'Comer',
      password: PASSWORD,
    });
    expect(tooLate.statusCode).toBe(404);

    const withdrawn = uniqueEmail('withdrawn');
    const { id } = (await invite(client, members, { email: withdrawn })).json();
    const token = await joinToken(withdrawn);
    expect((await client.delete(`${members}/${id}`)).statusCode).toBe(204);
    expect((await client.get(members)).body).not.toContain(withdrawn);
    const joined = await t.client().post(`/api/join/${token}`, {
      first_name: 'With',
      last_name: 'Drawn',
      password: PASSWORD,
    });
    expect(joined.statusCode).toBe(404);
  });
});

describe('managing the team', () => {
  it('lets members read the team and only admins change it', async () => {
    const { company, client, members } = await companyWithAdmin();
    const { user, memberId } = await createTeammate(t.db, company.id);
    const member = await signedInClient(t, user.id);

    const read = await member.get(members);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ count: 2, can_manage: false });
    expect((await client.get(members)).json().can_manage).toBe(true);

    const refusals = [
      await invite(member, members, { email: uniqueEmail('x') }),
      await member.patch(`${members}/${memberId}`, { role: 'admin' }),
      await member.delete(`${members}/${memberId}`),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(403);
      expect(refusal.json().message).toBe('Only admins can manage the team.');
    }
    expect((await membership(company.id, user.id))?.role).toBe('member');

    // Everything else a member did before, they still do.
    expect((await member.get('/api/jobs')).statusCode).toBe(200);
    expect((await member.get('/api/settings')).statusCode).toBe(200);

    const promoted = await client.patch(`${members}/${memberId}`, {
      role: 'admin',
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'admin', status: 'active' });
    expect((await member.get(members)).json().can_manage).toBe(true);
  });

  it('keeps at least one active admin', async () => {
    const { company, admin, client, members } = await companyWithAdmin();
    const own = await membershipId(t.db, company.id, admin.id);
    // An invited admin does not count: they may never accept.
    await invite(client, members, {
      email: uniqueEmail('future'),
      role: 'admin',
    });

    for (const response of [
      await client.patch(`${members}/${own}`, { role: 'member' }),
      await client.delete(`${members}/${own}`),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'The team needs at least one admin.',
      );
    }
    expect((await membership(company.id, admin.id))?.role).toBe('admin');

    const second = await createTeammate(t.db, company.id, 'admin');
    const demoted = await client.patch(`${members}/${own}`, { role: 'member' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 'member', is_you: true });
    const other = await signedInClient(t, second.user.id);
    const last = await other.patch(`${members}/${second.memberId}`, {
      role: 'member',
    });
    expect(last.statusCode).toBe(409);
  });

  it('takes the company away at once from the removed person’s open session', async () => {
    const { company, client, members } = await companyWithAdmin();
    const { user, memberId } = await createTeammate(t.db, company.id);
    // An interview they created: its review panel names them as account holder.
    const theirs = await createJob(t.db, {
      company_id: company.id,
      created_by: user.id,
    });
    await t.db
      .insertInto('reviewers')
      .values({
        job_id: theirs.id,
        user_id: user.id,
        is_account_holder: true,
        account_status: 1,
        all_reviews: true,
        rating: 1,
      })
      .execute();
    const session = await signedInClient(t, user.id);
    expect((await session.get('/api/jobs')).json().count).toBe(2);
    expect((await session.get(`/api/jobs/${theirs.id}`)).statusCode).toBe(200);

    expect((await client.delete(`${members}/${memberId}`)).statusCode).toBe(
      204,
    );

    expect((await session.get('/api/settings')).statusCode).toBe(403);
    expect((await session.get(`/api/jobs/${theirs.id}`)).statusCode).toBe(404);
    expect((await session.get('/api/jobs')).json().count).toBe(0);
    expect((await session.get(members)).statusCode).toBe(403);
    expect((await session.get('/api/user')).json().current_company).toBeNull();
    expect(await membership(company.id, user.id)).toBeUndefined();
  });

  it('moves a removed person who belongs elsewhere to their other company', async () => {
    const { company, client, members } = await companyWithAdmin();
    const other = await createCompany(t.db);
    const user = await createUser(t.db, { companies: [company.id, other.id] });
    const session = await signedInClient(t, user.id);
    expect((await session.get('/api/user')).json().current_company.id).toBe(
      company.id,
    );
    const memberId = await membershipId(t.db, company.id, user.id);
    expect((await client.delete(`${members}/${memberId}`)).statusCode).toBe(
      204,
    );
    expect((await session.get('/api/user')).json().current_company.id).toBe(
      other.id,
    );
    expect((await session.get(members)).statusCode).toBe(404);
  });

  it('answers another company’s user as if the team did not exist', async () => {
    const { company, members } = await companyWithAdmin();
    const { memberId } = await createTeammate(t.db, company.id);
    const rival = await companyWithAdmin();
    const outsider = rival.client;
    for (const response of [
      await outsider.get(members),
      await invite(outsider, members, { email: uniqueEmail('spy') }),
      await outsider.patch(`${members}/${memberId}`, { role: 'admin' }),
      await outsider.delete(`${members}/${memberId}`),
      // Their own team's routes with an id of ours.
      await outsider.patch(`${rival.members}/${memberId}`, { role: 'admin' }),
      await outsider.delete(`${rival.members}/${memberId}`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const unchanged = await t.db
      .selectFrom('memberships')
      .select('role')
      .where('id', '=', memberId)
      .executeTakeFirst();
    expect(unchanged?.role).toBe('member');
  });

  it('pages the team, active members first', async () => {
    const { company, client, members } = await companyWithAdmin();
    await createTeammate(t.db, company.id);
    await createTeammate(t.db, company.id);
    await invite(client, members, {
      email: uniqueEmail('zed'),
      first_name: 'Aaron',
    });

    const first = (await client.get(`${members}?page_size=2`)).json();
    expect(first.count).toBe(4);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');
    const second = (await client.get(`${members}?page=2&page_size=2`)).json();
    expect(second.results.map((row: { status: string }) => row.status)).toEqual(
      ['active', 'invited'],
    );
    expect(second.next).toBeNull();
  });
});
