import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCompany, createUser } from '../../../test/factories';
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

/**
 * A matrix job where the company user has already rated, commented and filled a matrix cell on
 * both interviewees, so every read shows whether others' work is visible.
 */
async function jobWithOwnerReviews() {
  const setup = await createReviewableJob(t.db, { ratingStyle: 2 });
  const owner = await signedInClient(t, setup.owner.id);
  for (const application of setup.applications) {
    const base = `/api/jobs/${setup.job.id}`;
    expect(
      (
        await owner.post(`${base}/reviews`, {
          rating: 4,
          application: application.id,
        })
      ).statusCode,
    ).toBe(201);
    await owner.post(`${base}/answerreviews`, {
      rating: 4,
      answer: application.answers[0].id,
    });
    await owner.post(`${base}/comments`, {
      application: application.id,
      comment: 'Strong answers.',
    });
    await owner.post(`${base}/reviewcomments`, {
      application: application.id,
      comment: 'Good example.',
      question: setup.questions[0].id,
    });
    await owner.post(`${base}/matrixreviews`, {
      application: application.id,
      question: setup.questions[0].id,
      indicator: 0,
      level: 0,
    });
  }
  return setup;
}

const READS = [
  'reviews',
  'answerreviews',
  'matrixreviews',
  'comments',
  'reviewcomments',
] as const;

const GRANTS: [string, ReviewerGrant & { assignFirst?: boolean }][] = [
  [
    'all interviewees, own reviews, rate only',
    { applicants: 0, all_reviews: false, rating: 0 },
  ],
  [
    'all interviewees, all reviews, rate only',
    { applicants: 0, all_reviews: true, rating: 0 },
  ],
  [
    'all interviewees, all reviews, rate and decide',
    { applicants: 0, all_reviews: true, rating: 1 },
  ],
  [
    'chosen interviewees, own reviews, rate only',
    { applicants: 4, all_reviews: false, rating: 0, assignFirst: true },
  ],
  [
    'chosen interviewees, all reviews, rate only',
    { applicants: 4, all_reviews: true, rating: 0, assignFirst: true },
  ],
];

describe.each(GRANTS)('a reviewer with %s', (_name, grant) => {
  it('reads, writes and decides exactly as granted', async () => {
    const { job, applications, questions, owner } = await jobWithOwnerReviews();
    const [first, second] = applications;
    const { user } = await createJobReviewer(t.db, job.id, {
      ...grant,
      assigned: grant.assignFirst ? [first.id] : [],
    });
    const client = await signedInClient(t, user.id);
    const base = `/api/jobs/${job.id}`;
    const seesSecond = grant.applicants === 0;

    for (const resource of READS) {
      const own = await client.get(
        `${base}/${resource}?application=${first.id}`,
      );
      expect(own.statusCode, resource).toBe(200);
      // The company user's work is there for everyone with all reviews, and hidden otherwise.
      expect(own.json().length > 0, resource).toBe(grant.all_reviews);
      const other = await client.get(
        `${base}/${resource}?application=${second.id}`,
      );
      expect(other.statusCode, resource).toBe(seesSecond ? 200 : 404);
    }

    // Writing on an assigned (or any, with all interviewees) applicant.
    const rated = await client.post(`${base}/reviews`, {
      rating: 2,
      application: first.id,
    });
    expect(rated.statusCode).toBe(201);
    // Without all reviews, the average counts their own rating only (decision 129).
    expect(rated.json().average_review).toEqual(
      grant.all_reviews
        ? { review_average: 3, from_count: 2 }
        : { review_average: 2, from_count: 1 },
    );
    expect(
      (
        await client.post(`${base}/answerreviews`, {
          rating: 3,
          answer: first.answers[1].id,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await client.post(`${base}/comments`, {
          application: first.id,
          comment: 'Agreed.',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await client.post(`${base}/reviewcomments`, {
          application: first.id,
          comment: 'Clear.',
          question: questions[1].id,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await client.post(`${base}/matrixreviews`, {
          application: first.id,
          question: questions[1].id,
          indicator: 2,
          level: 1,
        })
      ).statusCode,
    ).toBe(200);
    // Own reviews are always readable.
    const mine = await client.get(`${base}/reviews?application=${first.id}`);
    expect(
      mine.json().some((row: { user: number }) => row.user === user.id),
    ).toBe(true);

    // The other applicant: allowed with all interviewees, missing otherwise.
    const secondWrites = [
      await client.post(`${base}/reviews`, {
        rating: 2,
        application: second.id,
      }),
      await client.post(`${base}/answerreviews`, {
        rating: 2,
        answer: second.answers[0].id,
      }),
      await client.post(`${base}/comments`, {
        application: second.id,
        comment: 'Hm.',
      }),
      await client.post(`${base}/reviewcomments`, {
        application: second.id,
        comment: 'Hm.',
        question: null,
      }),
      await client.post(`${base}/matrixreviews`, {
        application: second.id,
        question: null,
        indicator: 1,
        level: 0,
      }),
    ];
    for (const response of secondWrites)
      expect([200, 201].includes(response.statusCode)).toBe(seesSecond);
    if (!seesSecond)
      for (const response of secondWrites)
        expect(response.statusCode).toBe(404);

    // The company user's review: forbidden when visible, missing when not.
    const ownerReviews = await t.db
      .selectFrom('reviews')
      .select('id')
      .where('user_id', '=', owner.id)
      .where('application_id', '=', first.id)
      .executeTakeFirstOrThrow();
    const change = await client.put(`${base}/reviews/${ownerReviews.id}`, {
      rating: 1,
      application: first.id,
    });
    expect(change.statusCode).toBe(grant.all_reviews ? 403 : 404);

    // Shortlist and reject only with rating 1 (the applicant is Reviewed: it has an average).
    const shortlist = await client.post(
      `${base}/applications/${first.id}/shortlist`,
    );
    expect(shortlist.statusCode).toBe(grant.rating === 1 ? 200 : 403);
    if (grant.rating === 1) {
      expect(
        (await client.post(`${base}/applications/${first.id}/unshortlist`))
          .statusCode,
      ).toBe(200);
      expect(
        (await client.post(`${base}/applications/${first.id}/reject`))
          .statusCode,
      ).toBe(200);
    } else {
      expect(
        (await client.post(`${base}/applications/${first.id}/reject`))
          .statusCode,
      ).toBe(403);
    }

    // Managing reviewers and reading the interviewee's e-mails are for company users.
    expect((await client.get(`${base}/reviewers`)).statusCode).toBe(403);
    expect(
      (
        await client.post(`${base}/reviewers`, {
          email: 'x@example.test',
          first_name: 'X',
          last_name: 'Y',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await client.get(`${base}/applications/${first.id}/emails`)).statusCode,
    ).toBe(403);
    expect((await client.get('/api/reviewers')).statusCode).toBe(403);
  });
});

describe('reviewers of one job and outsiders', () => {
  it('cannot read or write anything of another job', async () => {
    const jobA = await jobWithOwnerReviews();
    const jobB = await jobWithOwnerReviews();
    const { user } = await createJobReviewer(t.db, jobA.job.id, {
      applicants: 0,
      all_reviews: true,
      rating: 1,
    });
    const outsiderCompany = await createCompany(t.db);
    const outsider = await createUser(t.db, {
      companies: [outsiderCompany.id],
    });
    for (const caller of [user, outsider]) {
      const client = await signedInClient(t, caller.id);
      const base = `/api/jobs/${jobB.job.id}`;
      const target = jobB.applications[0];
      for (const resource of READS) {
        expect(
          (await client.get(`${base}/${resource}?application=${target.id}`))
            .statusCode,
          resource,
        ).toBe(404);
      }
      expect((await client.get(`${base}/matrixreviewoptions`)).statusCode).toBe(
        404,
      );
      expect(
        (
          await client.post(`${base}/reviews`, {
            rating: 3,
            application: target.id,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await client.post(`${base}/answerreviews`, {
            rating: 3,
            answer: target.answers[0].id,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await client.post(`${base}/comments`, {
            application: target.id,
            comment: 'x',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await client.post(`${base}/reviewcomments`, {
            application: target.id,
            comment: 'x',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await client.post(`${base}/matrixreviews`, {
            application: target.id,
            question: null,
            indicator: 0,
            level: 0,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await client.post(`${base}/applications/${target.id}/shortlist`))
          .statusCode,
      ).toBe(404);
      expect((await client.get(`${base}/reviewers`)).statusCode).toBe(404);
      // Job A's id with job B's applicant is missing too.
      expect(
        (
          await client.get(
            `/api/jobs/${jobA.job.id}/reviews?application=${target.id}`,
          )
        ).statusCode,
      ).toBe(404);
    }
  });

  it('company users see and do everything on their own jobs', async () => {
    const { job, applications } = await jobWithOwnerReviews();
    const colleague = await createUser(t.db, {
      companies: [job.company_id],
    });
    const client = await signedInClient(t, colleague.id);
    for (const resource of READS) {
      const response = await client.get(
        `/api/jobs/${job.id}/${resource}?application=${applications[1].id}`,
      );
      expect(response.json().length, resource).toBeGreaterThan(0);
    }
    expect(
      (
        await client.post(
          `/api/jobs/${job.id}/applications/${applications[1].id}/shortlist`,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await client.get(
          `/api/jobs/${job.id}/applications/${applications[1].id}/emails`,
        )
      ).statusCode,
    ).toBe(200);
  });
});
