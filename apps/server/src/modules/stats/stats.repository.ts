import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connection';

export type Period = { from: Date; to: Date };

type FigureRow = {
  interviews_created: number;
  interviews_published: number;
  invited: number;
  responded: number;
  invited_and_responded: number;
  median_hours_to_respond: number | null;
  reviewed: number;
  shortlisted: number;
  rejected: number;
};
export type JobFigureRow = FigureRow & {
  job_id: number;
  title: string;
  status: string;
  created_at: Date;
};

const within = (column: RawBuilder<unknown>, period: Period) =>
  sql`(${column} >= ${period.from} AND ${column} < ${period.to})`;

// Reviewed means reviewed_at, or (when only ratings exist) the first rating's time.
const reviewedAt = sql`coalesce(a.reviewed_at, (SELECT min(r.created_at) FROM reviews r WHERE r.application_id = a.id))`;

function applicationFigures(period: Period) {
  return sql`
    count(a.id) FILTER (WHERE ${within(sql`a.invited_at`, period)})::int AS invited,
    count(a.id) FILTER (WHERE ${within(sql`a.responded_at`, period)})::int AS responded,
    count(a.id) FILTER (WHERE ${within(sql`a.invited_at`, period)} AND a.responded_at IS NOT NULL)::int
      AS invited_and_responded,
    percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.responded_at - a.invited_at) / 3600)
      FILTER (WHERE ${within(sql`a.responded_at`, period)} AND a.invited_at IS NOT NULL)
      AS median_hours_to_respond,
    count(a.id) FILTER (WHERE ${within(reviewedAt, period)})::int AS reviewed,
    count(a.id) FILTER (WHERE ${within(sql`a.shortlisted_at`, period)} AND a.shortlisted)::int AS shortlisted,
    count(a.id) FILTER (WHERE ${within(sql`a.rejected_at`, period)} AND a.rejected)::int AS rejected`;
}

/** Per interview of the company: its figures over the period (interviews with nothing are dropped later). */
export async function findJobFigures(
  db: Db,
  companyId: number,
  period: Period,
): Promise<JobFigureRow[]> {
  const result = await sql<JobFigureRow>`
    SELECT j.id AS job_id, j.title, j.status, j.created_at,
      (${within(sql`j.created_at`, period)} IS TRUE)::int AS interviews_created,
      (${within(sql`j.published_at`, period)} IS TRUE)::int AS interviews_published,
      ${applicationFigures(period)}
    FROM jobs j
    LEFT JOIN applications a ON a.job_id = j.id
    WHERE j.company_id = ${companyId}
    GROUP BY j.id
    ORDER BY j.created_at DESC, j.id DESC`.execute(db);
  return result.rows;
}

/** The company's figures; the median needs all responses at once, so it is not a sum of jobs. */
export async function findCompanyFigures(
  db: Db,
  companyId: number,
  period: Period,
): Promise<FigureRow> {
  const result = await sql<FigureRow>`
    SELECT
      (SELECT count(*) FROM jobs j WHERE j.company_id = ${companyId} AND ${within(sql`j.created_at`, period)})::int
        AS interviews_created,
      (SELECT count(*) FROM jobs j WHERE j.company_id = ${companyId} AND ${within(sql`j.published_at`, period)})::int
        AS interviews_published,
      ${applicationFigures(period)}
    FROM applications a
    JOIN jobs j ON j.id = a.job_id
    WHERE j.company_id = ${companyId}`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('The figures query returned no row.');
  return row;
}

export type EventCountRow = { period: string; kind: string; count: number };

/** How many of each event happened in each week or month of the period (UTC). */
export async function findEventCounts(
  db: Db,
  options: { companyId: number; period: Period; interval: 'week' | 'month' },
): Promise<EventCountRow[]> {
  const { companyId, period, interval } = options;
  const result = await sql<EventCountRow>`
    SELECT to_char(date_trunc(${interval}, e.at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period,
      e.kind, count(*)::int AS count
    FROM (
      SELECT 'interviews_created' AS kind, j.created_at AS at FROM jobs j WHERE j.company_id = ${companyId}
      UNION ALL
      SELECT 'invited', a.invited_at FROM applications a JOIN jobs j ON j.id = a.job_id
        WHERE j.company_id = ${companyId}
      UNION ALL
      SELECT 'responded', a.responded_at FROM applications a JOIN jobs j ON j.id = a.job_id
        WHERE j.company_id = ${companyId}
      UNION ALL
      SELECT 'reviewed', ${reviewedAt} FROM applications a JOIN jobs j ON j.id = a.job_id
        WHERE j.company_id = ${companyId}
      UNION ALL
      SELECT 'shortlisted', a.shortlisted_at FROM applications a JOIN jobs j ON j.id = a.job_id
        WHERE j.company_id = ${companyId} AND a.shortlisted
      UNION ALL
      SELECT 'rejected', a.rejected_at FROM applications a JOIN jobs j ON j.id = a.job_id
        WHERE j.company_id = ${companyId} AND a.rejected
    ) e
    WHERE ${within(sql`e.at`, period)}
    GROUP BY 1, 2`.execute(db);
  return result.rows;
}
