import { REVIEWER_APPLICANTS, type SharedCandidate } from '@candor/domain';
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest';
import { createCompany, createUser } from '../../../test/factories';
import {
  createJobReviewer,
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { eraseApplications } from '../retention/erase-applications';
import { SHARE_ACCESS_COOKIE } from './share-links.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

type Setup = Awaited<ReturnType<typeof createReviewableJob>>;
type OpenPage = Extract<SharedCandidate, { status: 'open' }>;

const linksOf = (s: Setup, index: 0 | 1 = 0) =>
  `/api/jobs/${s.job.id}/applications/${s.applications[index].id}/share-links`;
const keyOf = (url: string) => url.split('/shared/')[1] ?? '';

let addresses = 0;
// Each public call from its own address: the per-address limits are met only on purpose.
const nextAddress = () => {
  addresses++;
  return `10.41.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};
const publicGet = (client: TestClient, key: string) =>
  client.get(`/api/shared/${key}`, { remoteAddress: nextAddress() });

async function share(
  client: TestClient,
  s: Setup,
  body: Record<string, unknown> = {},
) {
  const response = await client.post(linksOf(s), body);
  expect(response.statusCode, response.body).toBe(201);
  const link = response.json<{ id: number; url: string }>();
  return { ...link, key: keyOf(link.url) };
}

/** A job whose first interviewee was rated and commented on by the owner and a reviewer. */
async function judgedJob() {
  const s = await createReviewableJob(t.db);
  const owner = await signedInClient(t, s.owner.id);
  const colleague = await createJobReviewer(t.db, s.job.id, {
    applicants: REVIEWER_APPLICANTS.all,
    all_reviews: true,
    rating: 1,
  });
  const reviewer = await signedInClient(t, colleague.user.id);
  const [first] = s.applications;
  for (const [client, rating] of [
    [owner, 4],
    [reviewer, 2],
  ] as const) {
    const overall = await client.post(`/api/jobs/${s.job.id}/reviews`, {
      application: first.id,
      rating,
    });
    expect(overall.statusCode, overall.body).toBe(201);
    const perAnswer = await client.post(`/api/jobs/${s.job.id}/answerreviews`, {
      answer: first.answers[0].id,
      rating,
    });
    expect(perAnswer.statusCode, perAnswer.body).toBe(201);
  }
  const comment = await owner.post(`/api/jobs/${s.job.id}/comments`, {
    application: first.id,
    comment: 'Clear and calm under pressure.',
  });
  expect(comment.statusCode, comment.body).toBe(201);
  return { s, owner, reviewer, colleague };
}

describe('share links', () => {
  it('are made, listed and revoked by company users only; another company gets 404', async () => {
    const s = await createReviewableJob(t.db);
    const owner = await signedInClient(t, s.owner.id);
    const link = await share(owner, s, { days: 7 });
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/shared\/[\w-]{43}$/);

    const list = await owner.get(linksOf(s));
    expect(list.statusCode).toBe(200);
    const [listed] = list.json<{ results: Record<string, unknown>[] }>()
      .results;
    expect(listed).toMatchObject({
      id: link.id,
      state: 'active',
      view_count: 0,
      created_by: `${s.owner.first_name} ${s.owner.last_name}`,
      email: null,
    });
    // The key is shown once, when the link is made, and kept only as a hash.
    expect(JSON.stringify(listed)).not.toContain(link.key);
    const stored = await t.db
      .selectFrom('share_links')
      .select('key_hash')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(link.key);
    expect(stored.key_hash).toMatch(/^[0-9a-f]{64}$/);
    const days =
      (Date.parse(String(listed?.expires_at)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    // Reviewers, even with every permission, do not share (decision 153).
    const grant = await createJobReviewer(t.db, s.job.id, {
      applicants: REVIEWER_APPLICANTS.all,
      all_reviews: true,
      rating: 1,
    });
    const reviewer = await signedInClient(t, grant.user.id);
    expect((await reviewer.post(linksOf(s), {})).statusCode).toBe(403);
    expect((await reviewer.get(linksOf(s))).statusCode).toBe(403);
    expect((await reviewer.delete(`${linksOf(s)}/${link.id}`)).statusCode).toBe(
      403,
    );

    const other = await createCompany(t.db);
    const stranger = await signedInClient(
      t,
      (await createUser(t.db, { companies: [other.id] })).id,
    );
    for (const response of [
      await stranger.post(linksOf(s), {}),
      await stranger.get(linksOf(s)),
      await stranger.delete(`${linksOf(s)}/${link.id}`),
    ])
      expect(response.statusCode).toBe(404);
    expect((await t.client().get(linksOf(s))).statusCode).toBe(401);

    // A link of one interviewee is not revoked through another's path.
    expect((await owner.delete(`${linksOf(s, 1)}/${link.id}`)).statusCode).toBe(
      404,
    );
    expect((await publicGet(t.client(), link.key)).statusCode).toBe(200);

    expect((await owner.delete(`${linksOf(s)}/${link.id}`)).statusCode).toBe(
      204,
    );
    expect((await owner.delete(`${linksOf(s)}/${link.id}`)).statusCode).toBe(
      204,
    );
    const after = await owner.get(linksOf(s));
    expect(
      after.json<{ results: { state: string }[] }>().results[0]?.state,
    ).toBe('revoked');
  });

  it('refuses a lifetime out of bounds and a bad address with a message', async () => {
    const s = await createReviewableJob(t.db);
    const owner = await signedInClient(t, s.owner.id);
    for (const body of [
      { days: 0 },
      { days: 91 },
      { email: 'not-an-address' },
    ]) {
      const response = await owner.post(linksOf(s), body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    expect(
      await t.db
        .selectFrom('share_links')
        .select('id')
        .where('application_id', '=', s.applications[0].id)
        .execute(),
    ).toEqual([]);
  });

  it('shows the answers and only the judgements chosen, reviewers as numbers', async () => {
    const { s, owner, colleague } = await judgedJob();
    const withRatings = await share(owner, s, { include_ratings: true });
    const reply = await publicGet(t.client(), withRatings.key);
    expect(reply.statusCode, reply.body).toBe(200);
    const page = reply.json<OpenPage>();
    expect(page.status).toBe('open');
    expect(page.candidate.full_name).toBe(
      `${s.applications[0].first_name} ${s.applications[0].last_name}`,
    );
    expect(page.job.title).toBe(s.job.title);
    expect(page.answers.map((answer) => answer.id)).toEqual(
      s.applications[0].answers.map((answer) => answer.id),
    );
    expect(page.ratings).toMatchObject({
      min: 1,
      scale: 5,
      overall: [
        { reviewer: 1, rating: 4 },
        { reviewer: 2, rating: 2 },
      ],
    });
    expect(page.answers[0]?.ratings).toEqual([
      { reviewer: 1, rating: 4 },
      { reviewer: 2, rating: 2 },
    ]);
    expect(page.comments).toBeNull();
    // Nobody's name, address or the interviewee's key.
    for (const secret of [
      s.owner.first_name,
      s.owner.email,
      colleague.user.last_name,
      colleague.user.email,
      s.applications[0].email,
      s.applications[0].token,
      s.applications[0].shortcode,
      'Clear and calm',
      s.applications[1].first_name,
    ])
      expect(reply.body).not.toContain(secret);

    const withComments = await share(owner, s, { include_comments: true });
    const commented = (
      await publicGet(t.client(), withComments.key)
    ).json<OpenPage>();
    expect(commented.ratings).toBeNull();
    expect(commented.answers[0]?.ratings).toBeNull();
    expect(commented.comments).toEqual([
      expect.objectContaining({
        reviewer: 1,
        comment: 'Clear and calm under pressure.',
      }),
    ]);
  });

  it('answers 404 alike for an unknown, expired or revoked link, and revocation works at once', async () => {
    const s = await createReviewableJob(t.db);
    const owner = await signedInClient(t, s.owner.id);
    const expiring = await share(owner, s);
    const revoked = await share(owner, s);
    const viewer = t.client();
    expect((await publicGet(viewer, expiring.key)).statusCode).toBe(200);
    expect((await publicGet(viewer, revoked.key)).statusCode).toBe(200);

    await t.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    expect((await owner.delete(`${linksOf(s)}/${revoked.id}`)).statusCode).toBe(
      204,
    );

    const replies = await Promise.all(
      [expiring.key, revoked.key, 'A'.repeat(43)].map((key) =>
        publicGet(viewer, key),
      ),
    );
    for (const reply of replies) expect(reply.statusCode).toBe(404);
    expect(new Set(replies.map((reply) => reply.body)).size).toBe(1);
    for (const key of [expiring.key, revoked.key]) {
      const code = await viewer.post(
        `/api/shared/${key}/code`,
        { email: 'someone@example.test' },
        { remoteAddress: nextAddress() },
      );
      expect(code.statusCode).toBe(404);
    }
    const states = (await owner.get(linksOf(s)))
      .json<{ results: { id: number; state: string }[] }>()
      .results.map((link) => [link.id, link.state]);
    expect(states).toEqual(
      expect.arrayContaining([
        [expiring.id, 'expired'],
        [revoked.id, 'revoked'],
      ]),
    );
  });

  it('opens a link limited to an address only once a code sent to it is confirmed', async () => {
    const s = await createReviewableJob(t.db);
    const owner = await signedInClient(t, s.owner.id);
    const email = `manager.${Date.now()}@example.test`;
    const link = await share(owner, s, { email: email.toUpperCase() });
    const other = await share(owner, s, { email });
    const viewer = t.client();
    const post = (key: string, action: string, body: unknown) =>
      viewer.post(`/api/shared/${key}/${action}`, body, {
        remoteAddress: nextAddress(),
      });
    const codes = async () =>
      (
        await t.db
          .selectFrom('outbox')
          .select(['text', 'company_id', 'application_id', 'kind'])
          .where('to_email', '=', email)
          .orderBy('id')
          .execute()
      ).map((row) => ({ ...row, code: /\b(\d{6})\b/.exec(row.text)?.[1] }));

    const locked = await publicGet(viewer, link.key);
    expect(locked.json()).toEqual({
      status: 'locked',
      company: { name: s.company.name, logo: null },
    });
    expect(locked.body).not.toContain(s.applications[0].first_name);

    // Another address: the same reply, and nothing is sent.
    expect(
      (await post(link.key, 'code', { email: 'stranger@example.test' }))
        .statusCode,
    ).toBe(202);
    expect(await codes()).toEqual([]);

    expect((await post(link.key, 'code', { email })).statusCode).toBe(202);
    expect((await post(other.key, 'code', { email })).statusCode).toBe(202);
    const [sent, sentForOther] = await codes();
    expect(sent).toMatchObject({
      kind: 'share-code',
      company_id: null,
      application_id: null,
    });
    expect(sent?.text).not.toContain(s.applications[0].first_name);
    expect(sent?.code).toMatch(/^\d{6}$/);
    const wrong = sent?.code === '000000' ? '000001' : '000000';

    const bad = await post(link.key, 'verify', { code: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('4 tries left');
    // The other link's code is not this link's.
    if (sentForOther?.code !== sent?.code) {
      const crossed = await post(link.key, 'verify', {
        code: sentForOther?.code,
      });
      expect(crossed.statusCode).toBe(400);
    }
    expect((await publicGet(viewer, link.key)).json()).toMatchObject({
      status: 'locked',
    });

    const good = await post(link.key, 'verify', { code: sent?.code });
    expect(good.statusCode, good.body).toBe(204);
    const cookie = good.cookies.find(
      (item) => item.name === SHARE_ACCESS_COOKIE,
    );
    expect(cookie).toMatchObject({
      path: `/api/shared/${link.key}`,
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect((await publicGet(viewer, link.key)).json<OpenPage>().status).toBe(
      'open',
    );
    // The cookie opens its own link only, even for the same address.
    expect((await publicGet(viewer, other.key)).json()).toMatchObject({
      status: 'locked',
    });
    // A used code does not work twice.
    expect(
      (await post(link.key, 'verify', { code: sent?.code })).statusCode,
    ).toBe(400);

    // Too many wrong tries kill the code: even the right one is refused after.
    const otherCode = sentForOther?.code ?? '';
    const otherWrong = otherCode === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 5; attempt++)
      expect(
        (await post(other.key, 'verify', { code: otherWrong })).statusCode,
      ).toBe(400);
    const dead = await post(other.key, 'verify', { code: otherCode });
    expect(dead.statusCode).toBe(400);
    expect(dead.json<{ message: string }>().message).toContain(
      'ask for a new one',
    );

    // Codes per link and hour are limited.
    for (let sentCount = 1; sentCount < 5; sentCount++)
      expect((await post(other.key, 'code', { email })).statusCode).toBe(202);
    expect((await post(other.key, 'code', { email })).statusCode).toBe(429);
  });

  it('reaches nothing else with its key or its viewer cookie', async () => {
    const s = await createReviewableJob(t.db);
    const owner = await signedInClient(t, s.owner.id);
    const email = `only.${Date.now()}@example.test`;
    const link = await share(owner, s, { email, include_ratings: true });
    const viewer = t.client();
    await viewer.post(
      `/api/shared/${link.key}/code`,
      { email },
      { remoteAddress: nextAddress() },
    );
    const mail = await t.db
      .selectFrom('outbox')
      .select('text')
      .where('to_email', '=', email)
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(
      (
        await viewer.post(
          `/api/shared/${link.key}/verify`,
          { code },
          { remoteAddress: nextAddress() },
        )
      ).statusCode,
    ).toBe(204);
    const [first, second] = s.applications;
    const job = `/api/jobs/${s.job.id}`;
    const attempts = [
      `${job}`,
      `${job}/applications`,
      `${job}/applications/${first.id}`,
      `${job}/applications/${second.id}`,
      `${job}/answers?application=${second.id}`,
      `${job}/answers/${second.answers[0].id}`,
      `${job}/activities`,
      `${job}/reviews?application=${first.id}`,
      `${linksOf(s)}`,
      `/api/shared/${link.key}/${second.id}`,
      `/api/shared/${link.key}/answers/${second.answers[0].id}`,
      `/api/interviewee/${first.token}`,
    ];
    for (const path of attempts) {
      const response = await viewer.get(path, {
        headers: { authorization: `Bearer ${link.key}` },
      });
      expect([401, 404], `${path}: ${response.statusCode}`).toContain(
        response.statusCode,
      );
    }
    const page = await publicGet(
      viewer,
      `${link.key}?application=${second.id}`,
    );
    expect(page.json<OpenPage>().candidate.full_name).toContain(
      first.first_name,
    );
    expect(page.body).not.toContain(second.first_name);
  });

  it('logs every view in the activity and on the link list', async () => {
    const s = await createReviewableJob(t.db);
    const owner = await signedInClient(t, s.owner.id);
    const link = await share(owner, s);
    await publicGet(t.client(), link.key);
    await publicGet(t.client(), link.key);
    const [listed] = (await owner.get(linksOf(s))).json<{
      results: { view_count: number; last_viewed_at: string | null }[];
    }>().results;
    expect(listed?.view_count).toBe(2);
    expect(listed?.last_viewed_at).not.toBeNull();

    const feed = await owner.get(
      `/api/jobs/${s.job.id}/activities?application=${s.applications[0].id}&page_size=20`,
    );
    const entries = feed.json<{
      results: {
        verb: string;
        history: string;
        params: Record<string, string>;
      }[];
    }>().results;
    const viewed = entries.filter(
      (entry) => entry.verb === 'share_link.viewed',
    );
    expect(viewed).toHaveLength(1);
    expect(viewed[0]?.history).toBe(
      `The shared page of ${s.applications[0].first_name} ${s.applications[0].last_name} was viewed`,
    );
    const stored = await t.db
      .selectFrom('activities')
      .select('data')
      .where('application_id', '=', s.applications[0].id)
      .where('verb', '=', 'share_link.viewed')
      .executeTakeFirstOrThrow();
    expect(stored.data).toMatchObject({ link: link.id, count: 2 });
    expect(entries.map((entry) => entry.verb)).toContain('share_link.created');

    // A locked page is not a view.
    const limited = await share(owner, s, { email: 'x@example.test' });
    await publicGet(t.client(), limited.key);
    const counts = await t.db
      .selectFrom('share_links')
      .select('view_count')
      .where('id', '=', limited.id)
      .executeTakeFirstOrThrow();
    expect(counts.view_count).toBe(0);
  });

  it('gives recording links that expire no later than the share link', async () => {
    const s = await createReviewableJob(t.db);
    const owner = await signedInClient(t, s.owner.id);
    const answer = s.applications[0].answers[0];
    const key = `answers/${answer.id}/videos/share-test.mp4`;
    await t.ctx.storage.put(
      key,
      Buffer.from('not really a video'),
      'video/mp4',
    );
    await t.db
      .updateTable('answers')
      .set({ video_key: key, status: 'ready' })
      .where('id', '=', answer.id)
      .execute();
    const link = await share(owner, s);
    const expiresAt = new Date(Date.now() + 10 * 60_000);
    await t.db
      .updateTable('share_links')
      .set({ expires_at: expiresAt })
      .where('id', '=', link.id)
      .execute();
    const page = (await publicGet(t.client(), link.key)).json<OpenPage>();
    const url = page.answers[0]?.video?.url ?? '';
    const expires = Number(
      new URL(url, 'http://x').searchParams.get('expires'),
    );
    expect(expires * 1000).toBeLessThanOrEqual(expiresAt.getTime());
    expect(expires * 1000).toBeGreaterThan(Date.now());
    expect((await t.client().get(url)).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expiresAt.getTime() + 1000);
    const late = await t.client().get(url);
    expect(late.statusCode).toBe(403);
    expect(late.json<{ message: string }>().message).toBe(
      'This link has expired.',
    );
  });

  it('dies with its application when it is erased', async () => {
    const s = await createReviewableJob(t.db);
    const owner = await signedInClient(t, s.owner.id);
    const link = await share(owner, s);
    // The retention sweep, deleting an interviewee and deleting an interview all erase here.
    await t.db
      .transaction()
      .execute((trx) =>
        eraseApplications(
          trx,
          { applicationIds: [s.applications[0].id] },
          t.ctx.config,
        ),
      );
    expect((await publicGet(t.client(), link.key)).statusCode).toBe(404);
    expect(
      await t.db
        .selectFrom('share_links')
        .select('id')
        .where('id', '=', link.id)
        .execute(),
    ).toEqual([]);
  });

  it('keeps crawlers out and the key out of referrers', async () => {
    const s = await createReviewableJob(t.db);
    const owner = await signedInClient(t, s.owner.id);
    const link = await share(owner, s);
    for (const path of [`/shared/${link.key}`, `/api/shared/${link.key}`]) {
      const response = await t.client().get(path, {
        remoteAddress: nextAddress(),
      });
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});
