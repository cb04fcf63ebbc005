import { sql, type Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { findLiveStatsRows } from '../../../test/stats-live-figures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import * as migration from '../../db/migrations/20261122030000_stats_rollup';
import type { ApplicationsTable } from '../../db/schema';
import { newShortcode, newToken } from '../../platform/ids';
import { statsCsvLines } from './export';
import {
  buildCompanyStats,
  resolvePeriod,
  statsInterval,
} from './stats.service';
import { findMedianHours } from './stats.repository';

/**
 * Random applicant and review changes, through every kind of statement the product (and a
 * bulk load) sends; after each batch the report from the counters must equal the report from
 * the live rows (test/stats-live-figures.ts), figure for figure, and the unrounded medians
 * must be the same numbers.
 */
const SEED = 20261122;
const BATCHES = 30;
const OPERATIONS_PER_BATCH = 8;
const PERIODS = [
  { from_date: '2026-03-01', to_date: '2026-03-31' }, // weekly
  { from_date: '2026-03-15', to_date: '2026-03-15' }, // one day
  { from_date: '2026-02-01', to_date: '2026-05-31' }, // whole months
  { from_date: '2026-01-15', to_date: '2026-06-10' }, // months and days either side
  { from_date: '2025-12-01', to_date: '2026-12-31' }, // everything
];
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_MICROS = 86_400_000_000;

let t: TestApp;
let client: TestClient;
let companyId: number;
let shortname: string;
let otherJobId: number;
let reviewerIds: number[];
const jobIds: number[] = [];
const random = seededRandom(SEED);

beforeAll(async () => {
  // The database is changed behind the server's back, so each report must be computed afresh.
  t = await createTestApp({ STATS_CACHE_SECONDS: '0' });
  const company = await createCompany(t.db);
  companyId = company.id;
  shortname = company.shortname;
  const other = await createCompany(t.db);
  const owner = await createUser(t.db, { companies: [company.id] });
  reviewerIds = [owner.id];
  for (let i = 0; i < 2; i += 1)
    reviewerIds.push((await createUser(t.db, { companies: [company.id] })).id);
  for (let i = 0; i < 4; i += 1) jobIds.push(await newJob());
  otherJobId = (
    await createJob(t.db, { company_id: other.id, created_at: instant() })
  ).id;
  client = t.client();
  await client.signIn(owner.email, TEST_PASSWORD);
});
afterAll(() => t.close());

describe('stats from the counters', () => {
  it(
    'equal the live figures after every batch of random changes',
    {
      timeout: 300_000,
    },
    async () => {
      for (let batch = 0; batch < BATCHES; batch += 1) {
        const done: string[] = [];
        for (let i = 0; i < OPERATIONS_PER_BATCH; i += 1)
          done.push(await randomOperation());
        await expectLiveFigures(`batch ${batch}: ${done.join(', ')}`);
      }
      const counted = await t.db
        .selectFrom('stats_applications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(counted.n)).toBeGreaterThan(50);
    },
  );

  it('are filled for existing applicants by the migration', async () => {
    await migration.down(t.db as never);
    await migration.up(t.db as never);
    await expectLiveFigures('after the migration ran again');
  });
});

async function expectLiveFigures(context: string): Promise<void> {
  for (const query of PERIODS) {
    const url = `/api/companies/${shortname}/stats?from_date=${query.from_date}&to_date=${query.to_date}`;
    const { fromDate, toDate, period } = resolvePeriod(query);
    const interval = statsInterval(period);
    const rows = await findLiveStatsRows(t.db, { companyId, period, interval });
    const live = buildCompanyStats(
      { fromDate, toDate, period, interval },
      rows,
    );
    const stats = await client.get(url);
    expect(stats.statusCode).toBe(200);
    expect(stats.json(), `${context}; ${url}`).toEqual(live);

    const csv = await client.get(url.replace('/stats?', '/export?'));
    expect(csv.body, `${context}; export`).toBe(
      [...statsCsvLines(live.jobs, live.totals)].join(''),
    );

    // The unrounded medians: the very same float, not only the same rounding.
    const medians = await findMedianHours(t.db, { companyId, period });
    const median = (value: number | null) =>
      value === null ? null : Number(value);
    expect(
      Object.fromEntries(
        medians.map((row) => [
          row.job_id ?? 'company',
          median(row.median_hours_to_respond),
        ]),
      ),
      `${context}; medians`,
    ).toEqual(
      Object.fromEntries([
        ...rows.jobs
          .filter((row) => row.median_hours_to_respond !== null)
          .map((row) => [row.job_id, median(row.median_hours_to_respond)]),
        ['company', median(rows.totals.median_hours_to_respond)],
      ]),
    );
  }
}

/** One change to applicants or reviews; returns its name for the failure message. */
async function randomOperation(): Promise<string> {
  const db = t.db;
  const ids = (
    await db.selectFrom('applications').select('id').orderBy('id').execute()
  ).map((row) => row.id);
  const id = ids.length ? pick(ids) : undefined;
  const operations: [string, () => Promise<unknown>][] = [
    ['insert', () => insertApplications(1 + int(5))],
    ['insert many', () => insertApplications(10 + int(20))],
    ['insert under replica role', insertAsReplica],
    ['invite', () => setApplication(id, { invited_at: instant() })],
    [
      'invite the whole job',
      () =>
        db
          .updateTable('applications')
          .set({ invited_at: instant(), invitation_failed: false })
          .where('job_id', '=', pick(jobIds))
          .execute(),
    ],
    ['respond', () => respond(id)],
    [
      'respond without an invitation',
      () =>
        setApplication(id, {
          invited_at: null,
          responded_at: instant(),
        }),
    ],
    ['review', () => review(id)],
    ['review again later', () => moveReview(id)],
    [
      'delete a review',
      () =>
        id === undefined
          ? Promise.resolve()
          : db
              .deleteFrom('reviews')
              .where('application_id', '=', id)
              .where('user_id', '=', pick(reviewerIds))
              .execute(),
    ],
    ['mark reviewed', () => setApplication(id, { reviewed_at: instant() })],
    ['unmark reviewed', () => setApplication(id, { reviewed_at: null })],
    [
      'shortlist',
      () =>
        setApplication(id, {
          shortlisted: true,
          shortlisted_at: instant(),
          rejected: false,
        }),
    ],
    // Unshortlisting keeps the old date on half the runs: the figure must ignore it.
    [
      'unshortlist',
      () =>
        setApplication(id, {
          shortlisted: false,
          ...(random() < 0.5 ? { shortlisted_at: null } : {}),
        }),
    ],
    [
      'reject',
      () =>
        setApplication(id, {
          rejected: true,
          rejected_at: instant(),
          shortlisted: false,
        }),
    ],
    ['unreject', () => setApplication(id, { rejected: false })],
    [
      'touch without a counted change',
      () => setApplication(id, { updated_at: new Date(), review_count: 1 }),
    ],
    [
      'move to another interview',
      () => setApplication(id, { job_id: pick([...jobIds, otherJobId]) }),
    ],
    [
      'delete',
      () =>
        id === undefined
          ? Promise.resolve()
          : db.deleteFrom('applications').where('id', '=', id).execute(),
    ],
    [
      'delete a third of an interview',
      () =>
        db
          .deleteFrom('applications')
          .where('job_id', '=', pick(jobIds))
          .where(sql<boolean>`id % 3 = ${int(3)}`)
          .execute(),
    ],
    [
      'bulk review the responded',
      () =>
        sql`INSERT INTO reviews (application_id, user_id, rating, created_at)
          SELECT a.id, ${pick(reviewerIds)}, 3, a.responded_at + interval '1 hour'
          FROM applications a WHERE a.job_id = ${pick(jobIds)} AND a.responded_at IS NOT NULL
          ON CONFLICT (application_id, user_id) DO NOTHING`.execute(db),
    ],
    ['delete an interview', deleteJob],
  ];
  // Deleting a whole interview is rare, as it is in the product.
  const [name, run] =
    random() < 0.03
      ? pick(operations.slice(-1))
      : pick(operations.slice(0, -1));
  await run();
  return name;
}

async function newJob(): Promise<number> {
  const job = await createJob(t.db, {
    company_id: companyId,
    status: 'Published',
    created_at: instant(),
    published_at: random() < 0.7 ? instant() : null,
  });
  return job.id;
}

async function deleteJob(): Promise<void> {
  const [jobId] = jobIds.splice(int(jobIds.length), 1);
  if (jobId === undefined) return;
  await t.db.deleteFrom('jobs').where('id', '=', jobId).execute();
  jobIds.push(await newJob());
}

/** Several applicants in one statement, some already far along. */
async function insertApplications(count: number, db = t.db): Promise<void> {
  const rows = Array.from({ length: count }, () => {
    const invited = random() < 0.7 ? instant() : null;
    const responded = invited && random() < 0.6;
    return {
      job_id: random() < 0.1 ? otherJobId : pick(jobIds),
      first_name: 'Random',
      last_name: 'Applicant',
      email: `${newToken()}@example.test`,
      token: newToken(),
      shortcode: newShortcode(),
      invited_at: invited,
      responded_at: responded ? later(invited) : null,
      reviewed_at: responded && random() < 0.3 ? instant() : null,
      shortlisted: responded ? random() < 0.2 : false,
      shortlisted_at: responded && random() < 0.3 ? instant() : null,
      rejected: responded ? random() < 0.2 : false,
      rejected_at: responded && random() < 0.3 ? instant() : null,
    };
  });
  await db.insertInto('applications').values(rows).execute();
}

/** seed:large loads with triggers off (session_replication_role = replica); ours still count. */
async function insertAsReplica(): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await insertApplications(3, trx);
  });
}

async function setApplication(
  id: number | undefined,
  values: Updateable<ApplicationsTable>,
): Promise<void> {
  if (id === undefined) return;
  await t.db
    .updateTable('applications')
    .set(values)
    .where('id', '=', id)
    .execute();
}

/** A response some microseconds after the invitation (invited now when it was not). */
async function respond(id: number | undefined): Promise<void> {
  if (id === undefined) return;
  const invited = instant();
  await sql`UPDATE applications
    SET invited_at = coalesce(invited_at, ${invited}::timestamptz),
      responded_at = coalesce(invited_at, ${invited}::timestamptz)
        + ${responseMicros()} * interval '1 microsecond'
    WHERE id = ${id}`.execute(t.db);
}

async function review(id: number | undefined): Promise<void> {
  if (id === undefined) return;
  await t.db
    .insertInto('reviews')
    .values({
      application_id: id,
      user_id: pick(reviewerIds),
      rating: 1 + int(5),
      created_at: instant(),
    })
    .onConflict((oc) =>
      oc.columns(['application_id', 'user_id']).doUpdateSet({ rating: 2 }),
    )
    .execute();
}

async function moveReview(id: number | undefined): Promise<void> {
  if (id === undefined) return;
  await t.db
    .updateTable('reviews')
    .set({ created_at: instant() })
    .where('application_id', '=', id)
    .execute();
}

/**
 * A moment of the first half of 2026, to the microsecond; a third fall on the first or the
 * last microsecond of a UTC day, where a day boundary would show.
 */
function instant(): string {
  const day = Date.UTC(2026, 0, 1) + int(190) * DAY_MS;
  const micros = pick([0, DAY_MICROS - 1, int(DAY_MICROS)]);
  return withMicros(day, micros);
}

/** A response `micros` after an invitation given as instant() makes it. */
function later(invited: string): string {
  const extra = Number(invited.slice(23, 26));
  return withMicros(Date.parse(invited), extra + responseMicros());
}

/**
 * Any number of microseconds up to ten days, or a whole number of three-minute steps, where
 * medians repeat or land on a rounding boundary (0.05 h).
 */
function responseMicros(): number {
  return random() < 0.5 ? int(10 * DAY_MICROS) : (1 + int(80)) * 180_000_000;
}

function withMicros(ms: number, micros: number): string {
  const iso = new Date(ms + Math.floor(micros / 1000)).toISOString();
  return iso.replace('Z', `${String(micros % 1000).padStart(3, '0')}Z`);
}

function int(below: number): number {
  return Math.floor(random() * below);
}

function pick<T>(items: readonly T[]): T {
  const item = items[int(items.length)];
  if (item === undefined) throw new Error('Nothing to pick from.');
  return item;
}

/** mulberry32: the same seed gives the same changes, so a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
