import { STAGE_FILTERS, type Stage } from '@candor/domain';
import { sql, type Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import type { Db } from '../../db/connection';
import type { ApplicationsTable } from '../../db/schema';
import { newShortcode, newToken } from '../../platform/ids';
import { OPEN_FOR_REVIEW_SQL, STAGE_SQL } from '../../db/applicant-stage-sql';

let t: TestApp;
let client: TestClient;
let companyId: number;
beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db);
  companyId = company.id;
  const user = await createUser(t.db, { companies: [company.id] });
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const day = 24 * 60 * 60 * 1000;

/** mulberry32: the same seed gives the same run, so a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

type Bucket = Record<string, unknown>;

/** Every bucket with its applicants, counted live by the job page's own stage rule. */
async function liveBuckets(db: Db): Promise<Bucket[]> {
  const { rows } = await sql<Bucket>`
    SELECT a.job_id, ${STAGE_SQL} AS stage, a.archived, a.invitation_failed,
      a.declined_at IS NOT NULL AS declined, a.shortlisted, a.rejected, a.answer_count,
      a.status = 6 AS incomplete_status, a.deadline IS NOT NULL AS has_deadline,
      count(*)::int AS applicants
    FROM applications a
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`.execute(db);
  return rows;
}

/** The same buckets as the triggers keep them (a bucket emptied keeps its row, at 0). */
async function counterBuckets(db: Db): Promise<Bucket[]> {
  const { rows } = await sql<Bucket>`
    SELECT job_id, stage, archived, invitation_failed, declined, shortlisted, rejected,
      answer_count, incomplete_status, has_deadline, applicants
    FROM application_counts
    WHERE applicants <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`.execute(db);
  return rows;
}

/**
 * Each job's applicants per stage, archived ones apart, with its company and creator: counted
 * live, and as the triggers keep them (decision 109). A job whose applicants all left keeps its
 * row, at 0.
 */
async function jobStageCounts(db: Db) {
  const counted = (stage: Stage, archived: boolean) =>
    sql`count(*) FILTER (WHERE ${STAGE_SQL} = ${stage}
      AND ${archived ? sql`` : sql`NOT`} a.archived)::int`;
  const live = await sql<Bucket>`
    SELECT a.job_id, j.company_id, j.created_by,
      ${counted('ToInvite', false)} AS to_invite,
      ${counted('ToInvite', true)} AS to_invite_archived,
      ${counted('AwaitingResponse', false)} AS awaiting_response,
      ${counted('AwaitingResponse', true)} AS awaiting_response_archived,
      ${counted('Responded', false)} AS responded,
      ${counted('Responded', true)} AS responded_archived,
      ${counted('Reviewed', false)} AS reviewed,
      ${counted('Reviewed', true)} AS reviewed_archived,
      ${counted('Outcomes', false)} AS outcomes,
      ${counted('Outcomes', true)} AS outcomes_archived
    FROM applications a JOIN jobs j ON j.id = a.job_id
    GROUP BY a.job_id, j.company_id, j.created_by ORDER BY a.job_id`.execute(
    db,
  );
  const kept = await sql<Bucket>`
    SELECT * FROM job_stage_counts
    WHERE to_invite + to_invite_archived + awaiting_response + awaiting_response_archived
      + responded + responded_archived + reviewed + reviewed_archived + outcomes
      + outcomes_archived <> 0
    ORDER BY job_id`.execute(db);
  return { live: live.rows, kept: kept.rows };
}

/** The 'To review' total of each creator's jobs per company: counted live, and as kept. */
async function companyToReview(db: Db) {
  const live = await sql<Bucket>`
    SELECT j.company_id, j.created_by, count(*)::int AS applicants
    FROM applications a JOIN jobs j ON j.id = a.job_id
    WHERE ${STAGE_SQL} IN ('Responded', 'Reviewed') AND NOT a.archived
    GROUP BY j.company_id, j.created_by ORDER BY 1, 2`.execute(db);
  const kept = await sql<Bucket>`
    SELECT company_id, created_by, applicants FROM company_to_review
    WHERE applicants <> 0 ORDER BY 1, 2`.execute(db);
  return { live: live.rows, kept: kept.rows };
}

/** Each person's open completions per company and job creator: counted live, and as kept. */
async function openCompletionCounts(db: Db) {
  const live = await sql<Bucket>`
    SELECT rc.user_id, rc.company_id, j.created_by, count(*)::int AS completions
    FROM review_completions rc JOIN jobs j ON j.id = rc.job_id
    WHERE rc.open GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(db);
  const kept = await sql<Bucket>`
    SELECT user_id, company_id, created_by, completions FROM open_completion_counts
    WHERE completions <> 0 ORDER BY 1, 2, 3`.execute(db);
  return { live: live.rows, kept: kept.rows };
}

/** Completions whose `open` flag disagrees with their applicant's state (decision 133). */
async function staleCompletions(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM review_completions rc
    JOIN applications a ON a.id = rc.application_id
    WHERE rc.open IS DISTINCT FROM ${OPEN_FOR_REVIEW_SQL}`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * Waiting applicants per job and deadline day (UTC): counted live, and as the counters' fold
 * keeps them (decision 099).
 */
async function awaitingDays(db: Db) {
  const live = await sql<Bucket>`
    SELECT a.job_id, (a.deadline AT TIME ZONE 'UTC')::date::text AS day,
      count(*)::int AS applicants
    FROM applications a
    WHERE ${STAGE_SQL} = 'AwaitingResponse' AND a.declined_at IS NULL
      AND NOT a.archived AND a.deadline IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  const kept = await sql<Bucket>`
    SELECT job_id, deadline_day::text AS day, applicants FROM awaiting_deadlines
    WHERE applicants <> 0 ORDER BY 1, 2`.execute(db);
  return { live: live.rows, kept: kept.rows };
}

async function pendingChanges(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM application_count_changes`.execute(db);
  return Number(rows[0]?.n);
}

describe('application_counts', () => {
  it('equals a live count of the applicants after every batch of random changes, bulk ones included', async () => {
    const seed = 20261122;
    const random = randomFrom(seed);
    const chance = (p: number) => random() < p;
    const pick = <T>(items: readonly T[]): T =>
      items[Math.floor(random() * items.length)] as T;
    const jobIds: number[] = [];
    const creators = [
      (await createUser(t.db, { companies: [companyId] })).id,
      (await createUser(t.db, { companies: [companyId] })).id,
      null,
    ];
    const newJob = async () =>
      jobIds.push((await createJob(t.db, { company_id: companyId })).id);
    for (let n = 0; n < 3; n += 1) await newJob();

    const when = () => new Date(Date.now() + (chance(0.5) ? -2 : 3) * day);
    /** An applicant in any state, so inserts reach every bucket too. */
    const anyApplicant = (): Insertable<ApplicationsTable> => {
      const invited = chance(0.7);
      return {
        job_id: pick(jobIds),
        first_name: 'Random',
        last_name: 'Applicant',
        email: `random-${newToken().slice(0, 12)}@example.test`,
        token: newToken(),
        shortcode: newShortcode(),
        invited_at: invited ? when() : null,
        deadline: invited && chance(0.8) ? when() : null,
        invitation_failed: chance(0.1),
        declined_at: invited && chance(0.15) ? when() : null,
        answer_count: chance(0.5) ? Math.floor(random() * 4) : 0,
        status: chance(0.2) ? 6 : 0,
        review_average: chance(0.2) ? 3 : null,
        reviewed_at: chance(0.1) ? when() : null,
        shortlisted: chance(0.1),
        rejected: chance(0.1),
        archived: chance(0.1),
      };
    };
    const someIds = async (db: Db, most: number): Promise<number[]> => {
      const rows = await db
        .selectFrom('applications')
        .select('id')
        .where('job_id', 'in', jobIds)
        .orderBy('id')
        .execute();
      const count = 1 + Math.floor(random() * most);
      return Array.from({ length: count }, () => pick(rows)?.id ?? 0);
    };
    const update = async (
      db: Db,
      set: Record<string, unknown>,
      most = 3,
    ): Promise<void> => {
      await db
        .updateTable('applications')
        .set({ ...set, updated_at: new Date() })
        .where('id', 'in', await someIds(db, most))
        .execute();
    };

    const changes: Record<string, (db: Db) => Promise<unknown>> = {
      insert: (db) =>
        db.insertInto('applications').values(anyApplicant()).execute(),
      'bulk insert': (db) =>
        db
          .insertInto('applications')
          .values(
            Array.from({ length: 5 + Math.floor(random() * 40) }, anyApplicant),
          )
          .execute(),
      invite: (db) =>
        update(db, {
          invited_at: new Date(),
          deadline: when(),
          invitation_failed: false,
        }),
      fail: (db) => update(db, { invitation_failed: true }),
      decline: (db) =>
        update(db, { declined_at: new Date(), declined_reason: 'No' }),
      answer: async (db) =>
        db
          .updateTable('applications')
          .set((eb) => ({
            answer_count: eb('answer_count', '+', 1),
            status: chance(0.5) ? 6 : 0,
          }))
          .where('id', 'in', await someIds(db, 2))
          .execute(),
      review: (db) => update(db, { review_average: 4, review_count: 1 }),
      'mark reviewed': (db) => update(db, { reviewed_at: new Date() }),
      unreview: (db) => update(db, { review_average: null, reviewed_at: null }),
      shortlist: (db) => update(db, { shortlisted: true, rejected: false }),
      reject: (db) => update(db, { rejected: true, shortlisted: false }),
      archive: (db) => update(db, { archived: true }, 6),
      unarchive: (db) => update(db, { archived: false }, 6),
      'change nothing counted': (db) => update(db, { phone: '+44 1' }, 10),
      // Someone completes their own review of applicants in review (decision 133).
      'complete reviews': async (db) =>
        sql`INSERT INTO review_completions
            (application_id, user_id, job_id, company_id, created_by, open)
          SELECT a.id, ${pick(creators.slice(0, 2))}, a.job_id, a.company_id, j.created_by, true
          FROM applications a JOIN jobs j ON j.id = a.job_id
          WHERE a.id IN (${sql.join(await someIds(db, 4))}) AND ${OPEN_FOR_REVIEW_SQL}
          ON CONFLICT DO NOTHING`.execute(db),
      'hand a job over': (db) =>
        db
          .updateTable('jobs')
          .set({ created_by: pick(creators) })
          .where('id', '=', pick(jobIds))
          .execute(),
      delete: async (db) =>
        db
          .deleteFrom('applications')
          .where('id', 'in', await someIds(db, 3))
          .execute(),
      // The bulk statements of the app: invite-all of a job, a sweep over several jobs.
      'invite all': (db) =>
        sql`UPDATE applications AS a
          SET invited_at = now(), deadline = now() + interval '3 days',
            invitation_failed = false
          WHERE a.job_id = ${pick(jobIds)} AND NOT a.archived
            AND ${STAGE_SQL} = 'ToInvite'`.execute(db),
      'archive a third': (db) =>
        sql`UPDATE applications SET archived = NOT archived
          WHERE job_id IN (${sql.join(jobIds)}) AND id % 3 = ${Math.floor(random() * 3)}`.execute(
          db,
        ),
      'delete many': (db) =>
        sql`DELETE FROM applications
          WHERE job_id = ${pick(jobIds)} AND id % 4 = ${Math.floor(random() * 4)}`.execute(
          db,
        ),
    };
    const names = Object.keys(changes);
    const change = (db: Db) => {
      const name = pick(names);
      return (changes[name] as (db: Db) => Promise<unknown>)(db);
    };

    for (let batch = 0; batch < 30; batch += 1) {
      for (let step = 0; step < 8; step += 1) {
        if (chance(0.15)) {
          // Several statements in one transaction, committed.
          await t.db.transaction().execute(async (trx) => {
            for (let n = 0; n < 3; n += 1) await change(trx);
          });
        } else if (chance(0.1)) {
          // Rolled back: the counters' changes go with it.
          await expect(
            t.db.transaction().execute(async (trx) => {
              await change(trx);
              await change(trx);
              throw new Error('roll back');
            }),
          ).rejects.toThrow('roll back');
        } else {
          await change(t.db);
        }
      }
      if (batch === 15) {
        // A deleted job takes its applicants and its counters with it.
        const gone = jobIds.shift() as number;
        await t.db.deleteFrom('jobs').where('id', '=', gone).execute();
        await newJob();
        const left = await t.db
          .selectFrom('application_counts')
          .select('job_id')
          .where('job_id', '=', gone)
          .execute();
        expect(left).toEqual([]);
        // A creator who is deleted leaves their jobs with none (ON DELETE SET NULL).
        const leaving = await createUser(t.db, { companies: [companyId] });
        await t.db
          .updateTable('jobs')
          .set({ created_by: leaving.id })
          .where('id', 'in', jobIds)
          .execute();
        await t.db.deleteFrom('users').where('id', '=', leaving.id).execute();
      }
      expect(
        await counterBuckets(t.db),
        `seed ${seed}, batch ${batch}`,
      ).toEqual(await liveBuckets(t.db));
      const stages = await jobStageCounts(t.db);
      expect(stages.kept, `seed ${seed}, batch ${batch}`).toEqual(stages.live);
      const totals = await companyToReview(t.db);
      expect(totals.kept, `seed ${seed}, batch ${batch}`).toEqual(totals.live);
      const days = await awaitingDays(t.db);
      expect(days.kept, `seed ${seed}, batch ${batch}`).toEqual(days.live);
      // Each completion knows whether its applicant is still in review.
      expect(await staleCompletions(t.db), `seed ${seed}, batch ${batch}`).toBe(
        0,
      );
      const completions = await openCompletionCounts(t.db);
      expect(completions.kept, `seed ${seed}, batch ${batch}`).toEqual(
        completions.live,
      );
      // Every committed change was folded into the counters; nothing waits.
      expect(await pendingChanges(t.db)).toBe(0);
    }
    expect((await liveBuckets(t.db)).length).toBeGreaterThan(30);
    expect((await jobStageCounts(t.db)).live.length).toBeGreaterThan(2);
    // Two creators and the jobs of none: the totals were moved between their rows.
    expect((await companyToReview(t.db)).live.length).toBeGreaterThan(1);
    expect((await awaitingDays(t.db)).live.length).toBeGreaterThan(2);
    const flags = await t.db
      .selectFrom('review_completions')
      .select('open')
      .distinct()
      .execute();
    expect(flags.map((row) => row.open).sort()).toEqual([false, true]);
    expect((await openCompletionCounts(t.db)).live.length).toBeGreaterThan(1);

    // TRUNCATE bypasses row triggers; the counters empty with the table.
    await sql`TRUNCATE applications CASCADE`.execute(t.db);
    expect(await counterBuckets(t.db)).toEqual([]);
    expect((await jobStageCounts(t.db)).kept).toEqual([]);
    expect((await companyToReview(t.db)).kept).toEqual([]);
    expect((await awaitingDays(t.db)).kept).toEqual([]);
  });

  // Two connections at once: PostgreSQL only (the embedded database has one).
  it.runIf(process.env.DATABASE_URL)(
    'lets two transactions move applicants between the same buckets in opposite directions without waiting for each other',
    async () => {
      const job = await createJob(t.db, { company_id: companyId });
      const [a, b, c, d] = await Promise.all(
        [false, true, false, true].map((archived) =>
          createApplication(t.db, { job_id: job.id, archived }),
        ),
      );
      const archive = (db: Db, id: number, archived: boolean) =>
        db
          .updateTable('applications')
          .set({ archived })
          .where('id', '=', id)
          .execute();
      let firstMoved = () => {};
      const moved = new Promise<void>((resolve) => (firstMoved = resolve));
      let mayCommit = () => {};
      const commit = new Promise<void>((resolve) => (mayCommit = resolve));
      const first = t.db.transaction().execute(async (trx) => {
        await archive(trx, a?.id ?? 0, true);
        firstMoved();
        await commit;
        await archive(trx, c?.id ?? 0, true);
      });
      await moved;
      // Counter rows are locked only while a transaction commits, so the first one, still
      // open, holds none of them: the second neither waits nor deadlocks.
      await t.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL lock_timeout = '2s'`.execute(trx);
        await archive(trx, b?.id ?? 0, false);
        await archive(trx, d?.id ?? 0, false);
      });
      mayCommit();
      await first;
      expect(await counterBuckets(t.db)).toEqual(await liveBuckets(t.db));
    },
  );

  it('counts the job page from counters exactly as a live count of the same applicants', async () => {
    const job = await createJob(t.db, {
      company_id: companyId,
      status: 'Published',
    });
    const addQuestions = (orders: number[]) =>
      t.db
        .insertInto('questions')
        .values(
          orders.map((order) => ({
            job_id: job.id,
            text: `Q${order}`,
            thinking_time: 30,
            time_limit: 60,
            order,
          })),
        )
        .execute();
    await addQuestions([1, 2, 3]);
    const past = new Date(Date.now() - 2 * day);
    const ahead = new Date(Date.now() + 3 * day);
    // Deadlines of today (UTC) are counted against the clock, later days from their counters.
    const inAMinute = new Date(Date.now() + 60_000);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    const facts: Partial<Insertable<ApplicationsTable>>[] = [
      {},
      { invited_at: past, invitation_failed: true },
      { archived: true },
      { invited_at: past, deadline: ahead },
      { invited_at: past, deadline: ahead },
      { invited_at: past, deadline: past },
      { invited_at: past },
      { invited_at: past, deadline: past, archived: true },
      { invited_at: past, deadline: ahead, declined_at: past },
      { invited_at: past, answer_count: 3, responded_at: past },
      { invited_at: past, answer_count: 2 },
      { invited_at: past, answer_count: 3, status: 6 },
      { invited_at: past, answer_count: 1, declined_at: past },
      { invited_at: past, answer_count: 3, review_average: 4 },
      { invited_at: past, answer_count: 3, shortlisted: true },
      { invited_at: past, answer_count: 3, rejected: true, archived: true },
      { invited_at: past, deadline: inAMinute },
      { invited_at: past, deadline: aMinuteAgo },
    ];
    const ids: number[] = [];
    for (const values of facts)
      ids.push(
        (await createApplication(t.db, { job_id: job.id, ...values })).id,
      );

    // A reviewer given every applicant is counted live (decision 082), the owner from counters.
    const reviewerUser = await createUser(t.db);
    const reviewer = await t.db
      .insertInto('reviewers')
      .values({
        job_id: job.id,
        user_id: reviewerUser.id,
        applicants: 4,
        account_status: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('reviewer_assignments')
      .values(
        ids.map((id) => ({ reviewer_id: reviewer.id, application_id: id })),
      )
      .execute();
    const reviewerClient = t.client();
    await reviewerClient.signIn(reviewerUser.email, TEST_PASSWORD);

    type Reply = {
      count: number;
      results: { id: number }[];
      filters: { id: string; count: number }[];
      stages: Record<Stage, number>;
    };
    const page = async (as: TestClient, stage: Stage, filter: string) => {
      const response = await as.get(
        `/api/jobs/${job.id}/applications?status=${stage}&filter=${filter}`,
      );
      expect(response.statusCode).toBe(200);
      const reply = response.json<Reply>();
      return {
        count: reply.count,
        ids: reply.results.map((row) => row.id),
        filters: Object.fromEntries(
          reply.filters.map((row) => [row.id, row.count]),
        ),
        stages: reply.stages,
      };
    };
    const expectSameEverywhere = async () => {
      for (const [stage, filters] of Object.entries(STAGE_FILTERS))
        for (const filter of filters) {
          const fromCounters = await page(client, stage as Stage, filter);
          expect(fromCounters, `${stage}/${filter}`).toEqual(
            await page(reviewerClient, stage as Stage, filter),
          );
          expect(fromCounters.count).toBe(fromCounters.ids.length);
        }
    };

    await expectSameEverywhere();
    expect((await page(client, 'AwaitingResponse', 'All')).filters).toEqual({
      All: 7,
      Awaiting: 4,
      Expired: 2,
      Withdrawn: 1,
      Archived: 1,
    });
    expect((await page(client, 'Responded', 'All')).filters).toEqual({
      All: 4,
      NotReviewed: 1,
      Incomplete: 2,
      Withdrawn: 1,
      Archived: 0,
    });

    // A fourth question makes every answered applicant incomplete, with no write to them.
    await addQuestions([4]);
    expect((await page(client, 'Responded', 'All')).filters).toMatchObject({
      NotReviewed: 0,
      Incomplete: 3,
    });
    // Rating style 2 has no incomplete applicants.
    await t.db
      .updateTable('jobs')
      .set({ rating_style: 2 })
      .where('id', '=', job.id)
      .execute();
    expect((await page(client, 'Responded', 'All')).filters).toMatchObject({
      NotReviewed: 3,
      Incomplete: 0,
    });
    // A deadline passing moves an applicant from Awaiting to Expired with no write at all (the
    // deadline below changes no counter: the applicant had one already).
    await t.db
      .updateTable('applications')
      .set({ deadline: new Date(Date.now() + 1000) })
      .where('id', '=', ids[3] as number)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(
      (await page(client, 'AwaitingResponse', 'All')).filters,
    ).toMatchObject({ Awaiting: 3, Expired: 3 });
    await expectSameEverywhere();
  });
});
