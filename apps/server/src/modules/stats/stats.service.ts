import {
  DEFAULT_STATS_DAYS,
  STATS_WEEKLY_MAX_DAYS,
  type CompanyStats,
  type JobStats,
  type StatsFigures,
  type StatsPoint,
  type StatsQuery,
} from '@candor/domain';
import type { Db } from '../../db/connection';
import {
  findCompanyFigures,
  findEventCounts,
  findJobFigures,
  type Period,
} from './stats.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dates asked for as whole UTC days: from the start of from_date to the end of to_date. */
export function resolvePeriod(
  query: StatsQuery,
  today = new Date(),
): { fromDate: string; toDate: string; period: Period } {
  const toDate = query.to_date ?? today.toISOString().slice(0, 10);
  const fromDate =
    query.from_date ??
    new Date(Date.parse(toDate) - (DEFAULT_STATS_DAYS - 1) * DAY_MS)
      .toISOString()
      .slice(0, 10);
  return {
    fromDate,
    toDate,
    period: {
      from: new Date(`${fromDate}T00:00:00Z`),
      to: new Date(Date.parse(`${toDate}T00:00:00Z`) + DAY_MS),
    },
  };
}

type FigureInput = Omit<StatsFigures, 'completion_rate'> & {
  invited_and_responded: number;
};

function toFigures(row: FigureInput): StatsFigures {
  return {
    interviews_created: row.interviews_created,
    interviews_published: row.interviews_published,
    invited: row.invited,
    responded: row.responded,
    completion_rate:
      row.invited > 0
        ? round(row.invited_and_responded / row.invited, 4)
        : null,
    median_hours_to_respond:
      row.median_hours_to_respond === null
        ? null
        : round(Number(row.median_hours_to_respond), 1),
    reviewed: row.reviewed,
    shortlisted: row.shortlisted,
    rejected: row.rejected,
  };
}

const round = (value: number, places: number) =>
  Math.round(value * 10 ** places) / 10 ** places;

function hasAnyFigure(figures: StatsFigures): boolean {
  return (
    figures.interviews_created +
      figures.interviews_published +
      figures.invited +
      figures.responded +
      figures.reviewed +
      figures.shortlisted +
      figures.rejected >
    0
  );
}

/** Per interview: only those with something in the period (created, published or any event). */
export async function jobStats(
  db: Db,
  companyId: number,
  period: Period,
): Promise<JobStats[]> {
  const rows = await findJobFigures(db, companyId, period);
  return rows
    .map((row) => ({
      job_id: row.job_id,
      title: row.title,
      status: row.status,
      created_at: new Date(row.created_at).toISOString(),
      ...toFigures(row),
    }))
    .filter(hasAnyFigure);
}

export async function companyStats(
  db: Db,
  companyId: number,
  query: StatsQuery,
): Promise<CompanyStats> {
  const { fromDate, toDate, period } = resolvePeriod(query);
  const days = Math.round(
    (period.to.getTime() - period.from.getTime()) / DAY_MS,
  );
  const interval = days <= STATS_WEEKLY_MAX_DAYS ? 'week' : 'month';
  const [totals, jobs, events] = await Promise.all([
    findCompanyFigures(db, companyId, period),
    jobStats(db, companyId, period),
    findEventCounts(db, { companyId, period, interval }),
  ]);
  return {
    from_date: fromDate,
    to_date: toDate,
    interval,
    totals: toFigures(totals),
    jobs,
    over_time: fillPeriods(period, interval, events),
  };
}

/** Every week (from Monday) or month of the period, with zeros where nothing happened. */
export function fillPeriods(
  period: Period,
  interval: 'week' | 'month',
  events: { period: string; kind: string; count: number }[],
): StatsPoint[] {
  const points = new Map<string, StatsPoint>();
  for (
    let start = periodStart(period.from, interval);
    start < period.to;
    start = nextPeriod(start, interval)
  ) {
    const key = start.toISOString().slice(0, 10);
    points.set(key, {
      period: key,
      interviews_created: 0,
      invited: 0,
      responded: 0,
      reviewed: 0,
      shortlisted: 0,
      rejected: 0,
    });
  }
  for (const event of events) {
    const point = points.get(event.period);
    if (point && event.kind in point && event.kind !== 'period') {
      point[event.kind as Exclude<keyof StatsPoint, 'period'>] += event.count;
    }
  }
  return [...points.values()];
}

function periodStart(date: Date, interval: 'week' | 'month'): Date {
  const day = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()),
  );
  if (interval === 'month')
    return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

function nextPeriod(start: Date, interval: 'week' | 'month'): Date {
  if (interval === 'week') return new Date(start.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}
