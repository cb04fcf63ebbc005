/**
 * The company statistics computed from the live rows, as modules/stats did before the
 * counters of migration 20261122030000: the oracle the counters are tested against
 * (docs/decisions/083-stats-rollup.md). Slow on a large company by design.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../src/db/connection';
import {
  findSatisfactionComments,
  findSatisfactionCounts,
} from '../src/modules/satisfaction/satisfaction.repository';
import type { Period, StatsInterval } from '../src/modules/stats/period-plan';
import type {
  EventCountRow,
  FigureRow,
  JobFigureRow,
  StatsRows,
} from '../src/modules/stats/stats.service';

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

async function findLiveJobFigures(
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

async function findLiveCompanyFigures(
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

async function findLiveEventCounts(
  db: Db,
  options: { companyId: number; period: Period; interval: StatsInterval },
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

/** The rows the report is built from (buildCompanyStats), from the live tables. */
export async function findLiveStatsRows(
  db: Db,
  options: { companyId: number; period: Period; interval: StatsInterval },
): Promise<StatsRows> {
  const { companyId, period } = options;
  return {
    totals: await findLiveCompanyFigures(db, companyId, period),
    jobs: await findLiveJobFigures(db, companyId, period),
    events: await findLiveEventCounts(db, options),
    // Read from the answers themselves already: no counters to check them against.
    satisfaction: await findSatisfactionCounts(db, options),
    comments: await findSatisfactionComments(db, { ...options, limit: 20 }),
  };
}
