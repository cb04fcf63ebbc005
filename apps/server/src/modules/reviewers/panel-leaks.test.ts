import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createApplication } from '../../../test/factories';
import {
  createJobReviewer,
  createReviewableJob,
  signedInClient,
  type ReviewerGrant,
} from '../../../test/reviewing-fixtures';

/**
 * Issue 27's leak matrix (decisions 129, 132 and 134): for every reviewer grant and the job's
 * "hide scores until you have rated", what a reviewer gets of other people's judgements on each
 * surface, before and after they rate. A viewer may see them exactly when they have all reviews
 * and the job does not hide them until they rated (or they have rated).
 */

let t: TestApp;

type Client = Awaited<ReturnType<typeof signedInClient>>;

type Combination = {
  allReviews: boolean;
  applicants: ReviewerGrant['applicants'];
  rating: ReviewerGrant['rating'];
  blind: boolean;
};

const CHOSEN = 4;
const COMBINATIONS: Combination[] = [true, false].flatMap((allReviews) =>
  ([0, CHOSEN] as const).flatMap((applicants) =>
    ([0, 1] as const).flatMap((rating) =>
      [false, true].map((blind) => ({ allReviews, applicants, rating, blind })),
    ),
  ),
);

const nameOf = (c: Combination) =>
  `all_reviews ${c.allReviews}, applicants ${c.applicants === CHOSEN ? 'chosen' : 'all'}, rating ${c.rating}, blind ${c.blind ? 'on' : 'off'}`;

const OWNER_COMMENT = 'Owner: confident, clear structure';
const OTHER_COMMENT = 'Colleague: weak on the second question';
const OWNER_FEEDBACK = 'Owner feedback: thank you for a thoughtful interview';
const OTHER_FEEDBACK = 'Colleague feedback: more concrete examples next time';
const OTHERS_TEXTS = [
  OWNER_COMMENT,
  OTHER_COMMENT,
  OWNER_FEEDBACK,
  OTHER_FEEDBACK,
];

/** Activity verbs that carry somebody's judgement of an interviewee. */
const JUDGEMENT_VERBS = [
  'application.rated',
  'application.commented',
  'application.feedback',
  'application.shortlist',
  'application.reject',
  'application.review_completed',
];

async function ok(reply: Promise<{ statusCode: number; body: string }>) {
  const done = await reply;
  expect(done.statusCode, done.body).toBeLessThan(300);
  return done;
}

/**
 * One job per combination. The company user and another reviewer (all reviews, may decide)
 * judged three interviewees: A rated 4 and 2, commented on and sent feedback by both, review
 * completed and shortlisted; B rated 5 by the colleague and rejected (a rejection e-mail); C
 * rated 3 by the colleague, review completed. D has answered and nobody touched. The viewer is
 * assigned A, B and C when they review chosen interviewees only.
 */
async function panelFor(combination: Combination) {
  const setup = await createReviewableJob(t.db);
  const [a, b] = setup.applications;
  const base = `/api/jobs/${setup.job.id}`;
  const answered = {
    job_id: setup.job.id,
    invited_at: new Date(),
    responded_at: new Date(),
    answer_count: 2,
  };
  const c = await createApplication(t.db, answered);
  const d = await createApplication(t.db, answered);
  await t.db
    .updateTable('jobs')
    .set({ blind_until_rated: combination.blind })
    .where('id', '=', setup.job.id)
    .execute();
  const owner = await signedInClient(t, setup.owner.id);
  const colleague = await createJobReviewer(t.db, setup.job.id, {
    applicants: 0,
    all_reviews: true,
    rating: 1,
  });
  const other = await signedInClient(t, colleague.user.id);

  for (const [client, rating, comment, feedback] of [
    [owner, 4, OWNER_COMMENT, OWNER_FEEDBACK],
    [other, 2, OTHER_COMMENT, OTHER_FEEDBACK],
  ] as const) {
    await ok(client.post(`${base}/reviews`, { application: a.id, rating }));
    await ok(client.post(`${base}/comments`, { application: a.id, comment }));
    await ok(
      client.post(`${base}/comments`, {
        application: a.id,
        comment: feedback,
        feedback: true,
      }),
    );
  }
  await ok(owner.post(`${base}/applications/${a.id}/reviewed`));
  await ok(owner.post(`${base}/applications/${a.id}/shortlist`));
  await ok(other.post(`${base}/reviews`, { application: b.id, rating: 5 }));
  await ok(owner.post(`${base}/applications/${b.id}/reject`));
  await ok(other.post(`${base}/reviews`, { application: c.id, rating: 3 }));
  await ok(owner.post(`${base}/applications/${c.id}/reviewed`));

  const { user } = await createJobReviewer(t.db, setup.job.id, {
    applicants: combination.applicants,
    all_reviews: combination.allReviews,
    rating: combination.rating,
    assigned: combination.applicants === CHOSEN ? [a.id, b.id, c.id] : [],
  });
  const viewer = await signedInClient(t, user.id);
  return {
    base,
    jobId: setup.job.id,
    owner,
    viewer,
    ids: { a: a.id, b: b.id, c: c.id, d: d.id },
    people: {
      owner: setup.owner.id,
      other: colleague.user.id,
      viewer: user.id,
    },
  };
}

type Panel = Awaited<ReturnType<typeof panelFor>>;
const panels = new Map<string, Panel>();

beforeAll(async () => {
  t = await createTestApp();
  for (const combination of COMBINATIONS)
    panels.set(nameOf(combination), await panelFor(combination));
});
afterAll(() => t.close());

async function json<T>(client: Client, url: string): Promise<T> {
  const reply = await client.get(url);
  expect(reply.statusCode, `${url}: ${reply.body}`).toBe(200);
  return reply.json() as T;
}

/** Everything the viewer's surfaces show of interviewee A, and the search labels. */
async function seenBy(client: Client, panel: Panel) {
  const { base, ids } = panel;
  const reviews = await json<{ user: number }[]>(
    client,
    `${base}/reviews?application=${ids.a}`,
  );
  const comments = await json<{ comment: string; is_feedback: boolean }[]>(
    client,
    `${base}/comments?application=${ids.a}`,
  );
  const detail = await json<{ average_review: unknown }>(
    client,
    `${base}/applications/${ids.a}`,
  );
  const activity = await json<{ results: { verb: string }[] }>(
    client,
    `${base}/activities?application=${ids.a}&page_size=100`,
  );
  const feed = await json<{ results: { verb: string }[] }>(
    client,
    `${base}/activities?page_size=100`,
  );
  const search = await json<{
    results: { id: number; status_label: string }[];
  }>(client, `/api/applications?q=person&job=${panel.jobId}`);
  const labels = Object.fromEntries(
    search.results.map((result) => [result.id, result.status_label]),
  );
  const emails = await client.get(`${base}/applications/${ids.b}/emails`);
  return {
    raters: reviews.map((review) => review.user).sort(byNumber),
    comments: comments.map((row) => row.comment),
    feedback: comments
      .filter((row) => row.is_feedback)
      .map((row) => row.comment),
    average: detail.average_review,
    verbs: activity.results.map((entry) => entry.verb),
    feedVerbs: feed.results.map((entry) => entry.verb),
    labels: {
      a: labels[ids.a],
      b: labels[ids.b],
      c: labels[ids.c],
      d: labels[ids.d],
    },
    emails: { status: emails.statusCode, body: emails.body },
  };
}

const byNumber = (x: number, y: number) => x - y;

const judgementsIn = (verbs: string[]) =>
  verbs.filter((verb) => JUDGEMENT_VERBS.includes(verb));

describe('what a reviewer gets of the panel’s judgements, surface by surface (issue 27)', () => {
  it('shows the company user everything', async () => {
    const panel = panels.get(nameOf(COMBINATIONS[0] as Combination));
    if (!panel) throw new Error('No panel');
    const seen = await seenBy(panel.owner, panel);
    expect(seen.labels).toEqual({
      a: 'Successful',
      b: 'Unsuccessful',
      c: 'Reviewed',
      d: 'Not reviewed',
    });
    expect(seen.emails.status).toBe(200);
    expect(
      (JSON.parse(seen.emails.body) as { kind: string }[]).map(
        (email) => email.kind,
      ),
    ).toContain('rejection');
    expect(seen.feedback).toEqual([OWNER_FEEDBACK, OTHER_FEEDBACK]);
  });

  it.each(COMBINATIONS.map((c) => [nameOf(c), c] as const))(
    '%s',
    async (name, combination) => {
      const panel = panels.get(name);
      if (!panel) throw new Error(`No panel for ${name}`);
      const { base, viewer, ids, people } = panel;
      const everyone = [people.owner, people.other].sort(byNumber);
      // Before they rate, then once they have (decision 132: rating opens a blind job).
      const sees = (hasRated: boolean) =>
        combination.allReviews && !(combination.blind && !hasRated);

      const before = await seenBy(viewer, panel);
      if (sees(false)) {
        expect(before.raters).toEqual(everyone);
        expect(before.comments).toEqual(expect.arrayContaining(OTHERS_TEXTS));
        expect(before.feedback).toHaveLength(2);
        expect(before.average).toEqual({ review_average: 3, from_count: 2 });
        expect(judgementsIn(before.verbs)).toEqual(
          expect.arrayContaining([
            'application.rated',
            'application.commented',
            'application.feedback',
            'application.shortlist',
          ]),
        );
        expect(before.labels).toMatchObject({
          a: 'Successful',
          b: 'Unsuccessful',
          c: 'Reviewed',
        });
      } else {
        expect(before.raters).toEqual([]);
        expect(before.comments).toEqual([]);
        expect(before.feedback).toEqual([]);
        expect(before.average).toMatchObject({
          review_average: null,
          from_count: 0,
        });
        expect(judgementsIn(before.verbs)).toEqual([]);
        expect(judgementsIn(before.feedVerbs)).toEqual([]);
        // Nobody's decision, rating or completion: this viewer has not reviewed any of them.
        expect(before.labels).toMatchObject({
          a: 'Not reviewed',
          b: 'Not reviewed',
          c: 'Not reviewed',
        });
      }
      // Which interviewees the search finds is the grant's, whatever is hidden.
      expect(before.labels.d).toBe(
        combination.applicants === CHOSEN ? undefined : 'Not reviewed',
      );
      // The e-mails to the interviewee (a rejection among them) are for company users only.
      expect(before.emails.status).toBe(403);
      expect(before.emails.body).not.toContain('rejection');

      // Their own completion of C's review is theirs to see, rated or not.
      await ok(viewer.post(`${base}/applications/${ids.c}/reviewed`));
      const completed = await seenBy(viewer, panel);
      expect(completed.labels.c).toBe('Reviewed');

      await ok(
        viewer.post(`${base}/reviews`, { application: ids.a, rating: 5 }),
      );
      await ok(
        viewer.post(`${base}/reviews`, { application: ids.b, rating: 3 }),
      );
      const after = await seenBy(viewer, panel);
      if (sees(true)) {
        expect(after.raters).toEqual(
          [...everyone, people.viewer].sort(byNumber),
        );
        expect(after.comments).toEqual(expect.arrayContaining(OTHERS_TEXTS));
        expect(after.feedback).toHaveLength(2);
        expect(after.average).toEqual({ review_average: 3.67, from_count: 3 });
        expect(
          judgementsIn(after.verbs).filter(
            (verb) => verb === 'application.rated',
          ),
        ).toHaveLength(3);
        expect(after.verbs).toContain('application.shortlist');
        expect(after.labels).toMatchObject({
          a: 'Successful',
          b: 'Unsuccessful',
          c: 'Reviewed',
        });
      } else {
        expect(after.raters).toEqual([people.viewer]);
        expect(after.comments).toEqual([]);
        expect(after.feedback).toEqual([]);
        // Their own rating, never a figure that contradicts it (decision 129).
        expect(after.average).toEqual({ review_average: 5, from_count: 1 });
        // Only their own rating of A.
        expect(judgementsIn(after.verbs)).toEqual(['application.rated']);
        // What they did: rated A and B, completed C; nobody's decision.
        expect(after.labels).toMatchObject({
          a: 'Reviewed',
          b: 'Reviewed',
          c: 'Reviewed',
        });
      }
      expect(after.emails.status).toBe(403);
    },
  );
});
