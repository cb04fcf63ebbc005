import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../../test/factories';
import {
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { eraseApplications } from '../retention/erase-applications';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rate = (token: string, body: unknown) =>
  t.client().put(`/api/interviewee/${token}/satisfaction`, body);

const today = new Date().toISOString().slice(0, 10);

/** A company whose interview has two submitted interviewees and one still answering. */
async function ratedCompany() {
  const setup = await createReviewableJob(t.db);
  const owner = await signedInClient(t, setup.owner.id);
  const answering = await createApplication(t.db, {
    job_id: setup.job.id,
    invited_at: new Date(),
    answer_count: 1,
  });
  return { ...setup, owner, answering };
}

describe('how was this interview?', () => {
  it('takes a score once the interview is submitted (204), a second replaces the first, and refuses before', async () => {
    const { applications, answering, company } = await ratedCompany();
    const early = await rate(answering.token, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'You can rate the interview once you have submitted your last answer.',
    );
    const token = applications[0].token;
    expect((await rate(token, { rating: 2 })).statusCode).toBe(204);
    expect(
      (await rate(token, { rating: 4, comment: ' Clear questions. ' }))
        .statusCode,
    ).toBe(204);
    const rows = await t.db
      .selectFrom('candidate_satisfaction')
      .select(['application_id', 'rating', 'comment'])
      .where('company_id', '=', company.id)
      .execute();
    expect(rows).toEqual([
      {
        application_id: applications[0].id,
        rating: 4,
        comment: 'Clear questions.',
      },
    ]);
  });

  it('refuses a score out of range, a long comment and an unknown link, saving nothing', async () => {
    const { applications, company } = await ratedCompany();
    const token = applications[0].token;
    for (const [body, message] of [
      [{ rating: 0 }, 'Choose a score from 1 to 5.'],
      [{ rating: 6 }, 'Choose a score from 1 to 5.'],
      [{}, 'Choose a score from 1 to 5.'],
      [{ rating: '4' }, 'Choose a score from 1 to 5.'],
      [{ rating: 4.5 }, 'Choose a score from 1 to 5.'],
      [{ rating: 4, comment: 42 }, 'expected string'],
      [
        { rating: 3, comment: 'a'.repeat(1001) },
        'Keep the comment to 1000 characters.',
      ],
    ] as const) {
      const reply = await rate(token, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().message).toContain(message);
    }
    expect(
      (await rate('not-a-token-of-anyone', { rating: 3 })).statusCode,
    ).toBe(404);
    const rows = await t.db
      .selectFrom('candidate_satisfaction')
      .select('rating')
      .where('company_id', '=', company.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('shows the company and each interview an average, a distribution and the comments without names, on the report and in its CSV', async () => {
    const { applications, owner, company, job } = await ratedCompany();
    await rate(applications[0].token, { rating: 4, comment: 'Friendly.' });
    await rate(applications[1].token, { rating: 5 });
    const other = await ratedCompany();
    await rate(other.applications[0].token, { rating: 1, comment: 'Not ours' });

    const stats = await owner.get(
      `/api/companies/${company.shortname}/stats?from_date=${today}&to_date=${today}`,
    );
    expect(stats.statusCode).toBe(200);
    const figures = {
      satisfaction_responses: 2,
      satisfaction_average: 4.5,
      satisfaction_distribution: [0, 0, 0, 1, 1],
    };
    expect(stats.json().totals).toMatchObject(figures);
    expect(
      stats
        .json()
        .jobs.find((row: { job_id: number }) => row.job_id === job.id),
    ).toMatchObject(figures);
    expect(stats.json().satisfaction_comments).toEqual([
      { job_id: job.id, rating: 4, comment: 'Friendly.' },
    ]);
    expect(JSON.stringify(stats.json())).not.toContain(
      applications[0].first_name ?? 'no name',
    );

    const csv = await owner.get(
      `/api/companies/${company.shortname}/export?from_date=${today}&to_date=${today}`,
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toContain(
      'Rated the experience,Average experience (1 to 5),Rated 1,Rated 2,Rated 3,Rated 4,Rated 5',
    );
    expect(lines.at(-1)).toMatch(/,2,4\.5,0,0,0,1,1$/);

    // A reviewer's view of the interviewee shows nothing of it.
    const page = await owner.get(
      `/api/jobs/${job.id}/applications/${applications[0].id}`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Friendly.');
    expect(page.body).not.toContain('satisfaction');
  });

  it('goes with the interviewee when they are erased', async () => {
    const { applications, company } = await ratedCompany();
    await rate(applications[0].token, { rating: 3, comment: 'Fine.' });
    await eraseApplications(
      t.db,
      { applicationIds: [applications[0].id] },
      { signingSecret: t.ctx.config.signingSecret },
    );
    const rows = await t.db
      .selectFrom('candidate_satisfaction')
      .select('rating')
      .where('company_id', '=', company.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
