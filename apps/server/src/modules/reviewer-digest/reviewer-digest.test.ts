import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
} from '../../../test/factories';
import {
  createJobReviewer,
  signedInClient,
} from '../../../test/reviewing-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createReviewerDigestPoller } from './reviewer-digest-poller';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
// A day of its own per test: the digest key is the person and the UTC day.
const morning = (day: number) => new Date(Date.UTC(2030, 0, day, 7));

const runAt = (at: Date) =>
  createReviewerDigestPoller({ now: () => at }).runOnce(t.ctx);

const digestsTo = (email: string) =>
  t.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_email', '=', email)
    .where('kind', '=', 'reviewer-digest')
    .orderBy('id')
    .execute();

const wantsDigest = (userId: number) =>
  t.db
    .updateTable('users')
    .set({ notify_daily_summary: true })
    .where('id', '=', userId)
    .execute();

/** A published interview of a new company, its company user, and interviewees who responded at the given times. */
async function interviewWithAnswers(title: string, respondedAt: Date[]) {
  const company = await createCompany(t.db);
  const owner = await createUser(t.db, { companies: [company.id] });
  const job = await createJob(t.db, {
    company_id: company.id,
    created_by: owner.id,
    status: 'Published',
    title,
  });
  const applications = [];
  for (const at of respondedAt)
    applications.push(
      await createApplication(t.db, {
        job_id: job.id,
        invited_at: new Date(at.getTime() - 24 * HOUR),
        responded_at: at,
        answer_count: 2,
      }),
    );
  return { company, owner, job, applications };
}

describe('the reviewer digest', () => {
  it('lists, per reviewer, only the new interviewees they may see, with links', async () => {
    const now = morning(2);
    const { job, owner, applications } = await interviewWithAnswers(
      'Data Analyst',
      [
        new Date(now.getTime() - 2 * HOUR),
        new Date(now.getTime() - 3 * HOUR),
        // Older than a day: not new for a first digest.
        new Date(now.getTime() - 30 * HOUR),
      ],
    );
    const [first, second, old] = applications;
    const { user: assigned } = await createJobReviewer(t.db, job.id, {
      applicants: 4,
      all_reviews: false,
      rating: 0,
      assigned: [second?.id ?? 0],
    });
    const { user: panel } = await createJobReviewer(t.db, job.id, {
      applicants: 0,
      all_reviews: true,
      rating: 1,
    });
    // A reviewer of another company's interview, and one who did not ask for a digest.
    const elsewhere = await interviewWithAnswers('Other Company Job', [
      new Date(now.getTime() - HOUR),
    ]);
    const { user: outsider } = await createJobReviewer(t.db, elsewhere.job.id, {
      applicants: 0,
      all_reviews: true,
      rating: 1,
    });
    const { user: quiet } = await createJobReviewer(t.db, job.id, {
      applicants: 0,
      all_reviews: true,
      rating: 1,
    });
    for (const user of [owner, assigned, panel, outsider])
      await wantsDigest(user.id);

    // The panel reviewer already completed their review of the first interviewee.
    const client = await signedInClient(t, panel.id);
    const done = await client.post(
      `/api/jobs/${job.id}/applications/${first?.id}/reviewed`,
    );
    expect(done.statusCode, done.body).toBeLessThan(300);

    expect(await runAt(now)).toBe(4);

    const link = (id: number | undefined) =>
      `http://localhost:3000/interviews/${job.id}/interviewee/${id}`;
    const [ownerMail] = await digestsTo(owner.email);
    expect(ownerMail?.subject).toBe(
      'Your daily summary: 2 new interviewees to review',
    );
    expect(ownerMail?.text).toContain('Data Analyst');
    expect(ownerMail?.text).toContain(
      `${first?.first_name} ${first?.last_name}: ${link(first?.id)}`,
    );
    expect(ownerMail?.text).toContain(link(second?.id));
    expect(ownerMail?.text).not.toContain(link(old?.id));
    expect(ownerMail?.text).not.toContain('Other Company Job');

    const [assignedMail] = await digestsTo(assigned.email);
    expect(assignedMail?.subject).toBe(
      'Your daily summary: 1 new interviewee to review',
    );
    expect(assignedMail?.text).toContain(link(second?.id));
    expect(assignedMail?.text).not.toContain(link(first?.id));

    const [panelMail] = await digestsTo(panel.email);
    expect(panelMail?.text).toContain(link(second?.id));
    expect(panelMail?.text).not.toContain(link(first?.id));

    const [outsiderMail] = await digestsTo(outsider.email);
    expect(outsiderMail?.text).toContain('Other Company Job');
    expect(outsiderMail?.text).not.toContain('Data Analyst');

    expect(await digestsTo(quiet.email)).toEqual([]);
    // Nothing of anyone's judgement in a digest.
    expect(ownerMail?.html).not.toMatch(/rating|shortlist|reject/i);
  });

  it('sends nothing when nothing is new, and at most one a day, even with two workers', async () => {
    const now = morning(5);
    const { job, owner } = await interviewWithAnswers('Barista', [
      new Date(now.getTime() - 40 * HOUR),
    ]);
    await wantsDigest(owner.id);

    // Only an old answer: no e-mail, but the day is done.
    expect(await runAt(now)).toBe(0);
    expect(await digestsTo(owner.email)).toEqual([]);

    // Something new later the same day waits for tomorrow.
    await createApplication(t.db, {
      job_id: job.id,
      invited_at: now,
      responded_at: new Date(now.getTime() + HOUR),
      answer_count: 1,
    });
    expect(await runAt(new Date(now.getTime() + 5 * HOUR))).toBe(0);

    // Tomorrow before the hour: not yet; then two workers at once send one.
    const tomorrow = new Date(now.getTime() + 24 * HOUR);
    expect(await runAt(new Date(tomorrow.getTime() - 2 * HOUR))).toBe(0);
    const [a, b] = await Promise.all([runAt(tomorrow), runAt(tomorrow)]);
    expect(a + b).toBe(1);
    expect(await runAt(new Date(tomorrow.getTime() + 8 * HOUR))).toBe(0);
    const mails = await digestsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(
      'Your daily summary: 1 new interviewee to review',
    );

    // The day after, what the last digest listed is not new again.
    expect(await runAt(new Date(tomorrow.getTime() + 24 * HOUR))).toBe(0);
    expect(await digestsTo(owner.email)).toHaveLength(1);
  });

  it("is written in the reader's language", async () => {
    const now = morning(13);
    const { owner } = await interviewWithAnswers('Serveur', [
      new Date(now.getTime() - HOUR),
    ]);
    await wantsDigest(owner.id);
    await t.db
      .updateTable('users')
      .set({ locale: 'fr-fr' })
      .where('id', '=', owner.id)
      .execute();
    expect(await runAt(now)).toBe(1);
    const [mail] = await digestsTo(owner.email);
    expect(mail?.subject).toBe(
      'Votre résumé du jour : 1 nouvelle personne à évaluer',
    );
    expect(mail?.text).toContain(`Bonjour ${owner.first_name},`);
    expect(mail?.text).toContain('Désactivez-le dans votre compte');
  });

  it('follows the account setting', async () => {
    const now = morning(9);
    const { owner } = await interviewWithAnswers('Chef', [
      new Date(now.getTime() - HOUR),
    ]);
    const client = await signedInClient(t, owner.id);
    const account = (await client.get('/api/account')).json() as Record<
      string,
      unknown
    >;
    const saved = await client.post('/api/account', {
      first_name: account.first_name,
      last_name: account.last_name,
      email: account.email,
      locale: 'en-gb',
      notify_new_responses: true,
      notify_daily_summary: true,
      new_password: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await runAt(now)).toBe(1);
    expect(await digestsTo(owner.email)).toHaveLength(1);
  });
});
