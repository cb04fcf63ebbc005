import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import {
  isoDay,
  type DayRange,
  type Period,
  type StatsInterval,
} from './period-plan';

export type CompanyJobRow = {
  job_id: number;
  title: string;
  status: string;
  created_at: Date;
  interviews_created: number;
  interviews_published: number;
  /** The week or month of created_at ('YYYY-MM-DD'), for the chart. */
  created_period: string;
};

/** Every interview of the company, newest first, with whether it was created or published in the period. */
export async function findCompanyJobs(
  db: Db,
  options: { companyId: number; period: Period; interval: StatsInterval },
): Promise<CompanyJobRow[]> {
  const { companyId, period, interval } = options;
  const within = (column: string) =>
    sql`(${sql.ref(column)} >= ${period.from} AND ${sql.ref(column)} < ${period.to}) IS TRUE`;
  const result = await sql<CompanyJobRow>`
    SELECT j.id AS job_id, j.title, j.status, j.created_at,
      (${within('j.created_at')})::int AS interviews_created,
      (${within('j.published_at')})::int AS interviews_published,
      to_char(date_trunc(${interval}, j.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS created_period
    FROM jobs j
    WHERE j.company_id = ${companyId}
    ORDER BY j.created_at DESC, j.id DESC`.execute(db);
  return result.rows;
}

export type EventSums = {
  invited: number;
  responded: number;
  invited_and_responded: number;
  reviewed: number;
  shortlisted: number;
  rejected: number;
};
/** Per interview (period null) or per week or month of the chart (job_id null). */
export type EventSumRow = EventSums & {
  job_id: number | null;
  period: string | null;
};

const SUMS = sql`sum(r.invited)::int AS invited, sum(r.responded)::int AS responded,
  sum(r.invited_and_responded)::int AS invited_and_responded, sum(r.reviewed)::int AS reviewed,
  sum(r.shortlisted)::int AS shortlisted, sum(r.rejected)::int AS rejected`;
const COUNTERS = sql`invited, responded, invited_and_responded, reviewed, shortlisted, rejected`;

/**
 * The events of the period from the counters the triggers of migration 20261122030000 keep:
 * whole months from stats_job_months, the other days from stats_job_days.
 */
export async function findEventSums(
  db: Db,
  options: {
    companyId: number;
    interval: StatsInterval;
    plan: { days: DayRange[]; months: DayRange | null };
  },
): Promise<EventSumRow[]> {
  const { companyId, interval, plan } = options;
  const parts = plan.days.map(
    (range) => sql`
      SELECT d.job_id, date_trunc(${interval}, d.day::timestamp) AS bucket, ${COUNTERS}
      FROM stats_job_days d JOIN jobs j ON j.id = d.job_id
      WHERE j.company_id = ${companyId} AND d.day >= ${range.from}::date AND d.day < ${range.to}::date`,
  );
  if (plan.months)
    parts.push(sql`
      SELECT m.job_id, m.month::timestamp AS bucket, ${COUNTERS}
      FROM stats_job_months m JOIN jobs j ON j.id = m.job_id
      WHERE j.company_id = ${companyId}
        AND m.month >= ${plan.months.from}::date AND m.month < ${plan.months.to}::date`);
  const result = await sql<EventSumRow>`
    SELECT r.job_id, to_char(r.bucket, 'YYYY-MM-DD') AS period, ${SUMS}
    FROM (${sql.join(parts, sql` UNION ALL `)}) r
    GROUP BY GROUPING SETS ((r.job_id), (r.bucket))`.execute(db);
  return result.rows;
}

/** Per interview, and for the company (job_id null). */
export type MedianRow = {
  job_id: number | null;
  median_hours_to_respond: number | null;
};

/**
 * Median hours from invitation to response over the responses of the period. A median needs
 * every response, so this reads them all, from the narrow index of stats_applications, in one
 * pass for the interviews and the company.
 */
export async function findMedianHours(
  db: Db,
  options: { companyId: number; period: Period },
): Promise<MedianRow[]> {
  return db.transaction().execute(async (trx) => {
    // The company's median sorts every response of the period (24 bytes each): with the
    // default 4 MB a year of a million-applicant company would sort on disk.
    await sql`SET LOCAL work_mem = '32MB'`.execute(trx);
    return queryMedianHours(trx, options);
  });
}

async function queryMedianHours(
  db: Db,
  options: { companyId: number; period: Period },
): Promise<MedianRow[]> {
  const { companyId, period } = options;
  const result = await sql<MedianRow>`
    SELECT s.job_id,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY s.response_hours) AS median_hours_to_respond
    FROM stats_applications s JOIN jobs j ON j.id = s.job_id
    WHERE j.company_id = ${companyId} AND s.response_hours IS NOT NULL
      AND s.responded_on >= ${isoDay(period.from)}::date AND s.responded_on < ${isoDay(period.to)}::date
    GROUP BY GROUPING SETS ((s.job_id), ())`.execute(db);
  return result.rows;
}
