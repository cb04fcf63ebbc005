/**
 * The hot-path reads of issue 9, as API requests against the bench data set: the dashboard
 * job list, the job page of the 100,000-applicant job (each stage and filter), the interviewee
 * page, the global search, stats for a year and the CSV export.
 */
import { STAGE_FILTERS, type Stage } from '@candor/domain';
import type pg from 'pg';
import { BENCH } from './args';

export type Scenario = {
  name: string;
  url: string;
  /**
   * Large tables this read may scan sequentially, and why: an aggregate over nearly every
   * row of the table, where an index would only add random reads
   * (docs/decisions/080-bench-indexes.md).
   */
  seqScanAllowed?: { tables: string[]; reason: string };
  /** Fewer requests for reads that take seconds, so one bench run stays within minutes. */
  requests?: number;
  /**
   * Fewer direct runs of the SQL, for a read the server answers from its report cache: the
   * SQL alone computes the report each time, which takes seconds.
   */
  sqlRequests?: number;
  /**
   * The URL of the n-th request when each must differ: a report for a period nobody asked for
   * yet is computed afresh instead of coming from the report cache (decision 086).
   */
  urlOf?: (n: number) => string;
};

export type BenchIds = {
  companyId: number;
  hotJobId: number;
  hotJobTitle: string;
  hotApplications: number;
  applicationId: number;
  namePart: string;
  emailPart: string;
};

export async function findBenchIds(pool: pg.Pool): Promise<BenchIds> {
  const company = await pool.query<{ id: number }>(
    'SELECT id FROM companies WHERE shortname = $1',
    [BENCH.bigCompany],
  );
  const companyId = company.rows[0]?.id;
  if (companyId === undefined)
    throw new Error('No bench data here: run npm run seed:large first.');
  // seed-large.ts gives the big company's first job the 100,000 applicants.
  const job = await pool.query<{ id: number; title: string }>(
    'SELECT id, title FROM jobs WHERE company_id = $1 ORDER BY id LIMIT 1',
    [companyId],
  );
  const hot = job.rows[0];
  if (!hot) throw new Error('The bench company has no jobs.');
  const count = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM applications WHERE job_id = $1',
    [hot.id],
  );
  const application = await pool.query<{ id: number; email: string }>(
    `SELECT id, email FROM applications
     WHERE job_id = $1 AND review_count > 0 AND NOT archived ORDER BY id LIMIT 1 OFFSET 100`,
    [hot.id],
  );
  const interviewee = application.rows[0];
  if (!interviewee)
    throw new Error('The 100,000-applicant job has no reviewed applicant.');
  const local = interviewee.email.split('@')[0] ?? interviewee.email;
  return {
    companyId,
    hotJobId: hot.id,
    hotJobTitle: hot.title,
    hotApplications: Number(count.rows[0]?.n ?? 0),
    applicationId: interviewee.id,
    namePart: 'livia',
    emailPart: local.slice(2),
  };
}

const YEAR = 'from_date=2025-01-01&to_date=2025-12-31';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A year ending n days after the end of 2025, so no two requests share a cached report. */
function shiftedYear(n: number): string {
  const end = new Date(Date.UTC(2025, 11, 31) + n * DAY_MS);
  const start = new Date(
    Date.UTC(end.getUTCFullYear() - 1, end.getUTCMonth(), end.getUTCDate()) +
      DAY_MS,
  );
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return `from_date=${day(start)}&to_date=${day(end)}`;
}

export function hotPathScenarios(ids: BenchIds): Scenario[] {
  const job = `/api/jobs/${ids.hotJobId}`;
  const app = ids.applicationId;
  const stages = Object.entries(STAGE_FILTERS) as [Stage, readonly string[]][];
  return [
    { name: 'dashboard jobs page 1', url: '/api/jobs' },
    // Narrowed lists count and total their own jobs, not the whole company's.
    { name: 'dashboard jobs created by me', url: '/api/jobs?filter=created' },
    {
      name: 'dashboard jobs with 100k job',
      url: `/api/jobs?title=${encodeURIComponent(ids.hotJobTitle)}`,
    },
    ...stages.flatMap(([stage, filters]) =>
      filters.map((filter) => ({
        name: `job page ${stage}/${filter}`,
        url: `${job}/applications?status=${stage}&filter=${filter}`,
      })),
    ),
    { name: 'interviewee application', url: `${job}/applications/${app}` },
    { name: 'interviewee answers', url: `${job}/answers?application=${app}` },
    { name: 'interviewee reviews', url: `${job}/reviews?application=${app}` },
    {
      name: 'interviewee answer reviews',
      url: `${job}/answerreviews?application=${app}`,
    },
    { name: 'interviewee comments', url: `${job}/comments?application=${app}` },
    {
      name: 'interviewee activity',
      url: `${job}/activities?application=${app}`,
    },
    {
      name: 'search name part',
      url: `/api/applications?q=${encodeURIComponent(ids.namePart)}`,
    },
    {
      name: 'search e-mail part',
      url: `/api/applications?q=${encodeURIComponent(ids.emailPart)}`,
    },
    // From the counters of decision 083: no exemption from the EXPLAIN check any more. The
    // same year asked for again comes from the report cache of decision 086; a year nobody
    // asked for is computed.
    {
      name: 'stats for a year',
      url: `/api/companies/${BENCH.bigCompany}/stats?${YEAR}`,
      sqlRequests: 100,
    },
    {
      name: 'CSV export for a year',
      url: `/api/companies/${BENCH.bigCompany}/export?${YEAR}`,
      sqlRequests: 100,
    },
    {
      name: 'stats for a year, computed each time',
      url: `/api/companies/${BENCH.bigCompany}/stats?${YEAR}`,
      urlOf: (n) =>
        `/api/companies/${BENCH.bigCompany}/stats?${shiftedYear(n)}`,
      requests: 100,
    },
    {
      name: 'CSV export for a year, computed each time',
      url: `/api/companies/${BENCH.bigCompany}/export?${YEAR}`,
      urlOf: (n) =>
        `/api/companies/${BENCH.bigCompany}/export?${shiftedYear(n)}`,
      requests: 100,
    },
  ];
}
