import {
  DEFAULT_STATS_DAYS,
  STATS_WEEKLY_MAX_DAYS,
  summariseSatisfaction,
  type SatisfactionComment,
  type SatisfactionSummary,
  type CompanyStats,
  type JobStats,
  type StatsFigures,
  type StatsPoint,
  type StatsQuery,
} from '@candor/domain';
import type { Db } from '../../db/connection';
import {
  findSatisfactionComments,
  findSatisfactionCounts,
} from '../satisfaction/satisfaction.repository';
import { planPeriod, type Period, type StatsInterval } from './period-plan';
import {
  findCompanyJobs,
  findEventSums,
  findMedianHours,
  type EventSums,
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

/** The figures as read from the database, before rounding. */
export type FigureRow = Omit<
  StatsFigures,
  'completion_rate' | keyof SatisfactionSummary
> & {
  invited_and_responded: number;
};

/** How many candidates gave each score, per interview and for the company (job_id null). */
export type SatisfactionCountRow = {
  job_id: number | null;
  rating: number;
  count: number;
};

function toFigures(
  row: FigureRow,
  satisfaction: SatisfactionSummary,
): StatsFigures {
  return {
    ...satisfaction,
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
    figures.satisfaction_responses +
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

export type JobFigureRow = FigureRow & {
  job_id: number;
  title: string;
  status: string;
  created_at: Date;
};
export type EventCountRow = { period: string; kind: string; count: number };
export type StatsRows = {
  totals: FigureRow;
  jobs: JobFigureRow[];
  events: EventCountRow[];
  satisfaction: SatisfactionCountRow[];
  comments: SatisfactionComment[];
};

/** Weekly up to STATS_WEEKLY_MAX_DAYS, monthly beyond. */
export function statsInterval(period: Period): StatsInterval {
  const days = Math.round(
    (period.to.getTime() - period.from.getTime()) / DAY_MS,
  );
  return days <= STATS_WEEKLY_MAX_DAYS ? 'week' : 'month';
}

export async function companyStats(
  db: Db,
  companyId: number,
  query: StatsQuery,
): Promise<CompanyStats> {
  const { fromDate, toDate, period } = resolvePeriod(query);
  const interval = statsInterval(period);
  const rows = await readFigures(db, { companyId, period, interval });
  return buildCompanyStats({ fromDate, toDate, period, interval }, rows);
}

/** The report from its rows: interviews with nothing in the period are left out. */
export function buildCompanyStats(
  dates: {
    fromDate: string;
    toDate: string;
    period: Period;
    interval: StatsInterval;
  },
  rows: StatsRows,
): CompanyStats {
  const countsByJob = new Map<number | null, SatisfactionCountRow[]>();
  for (const row of rows.satisfaction)
    countsByJob.set(row.job_id, [...(countsByJob.get(row.job_id) ?? []), row]);
  const satisfactionOf = (jobId: number | null) =>
    summariseSatisfaction(countsByJob.get(jobId) ?? []);
  const jobs: JobStats[] = rows.jobs
    .map((row) => ({
      job_id: row.job_id,
      title: row.title,
      status: row.status,
      created_at: new Date(row.created_at).toISOString(),
      ...toFigures(row, satisfactionOf(row.job_id)),
    }))
    .filter(hasAnyFigure);
  return {
    from_date: dates.fromDate,
    to_date: dates.toDate,
    interval: dates.interval,
    totals: toFigures(rows.totals, satisfactionOf(null)),
    jobs,
    over_time: fillPeriods(dates.period, dates.interval, rows.events),
    satisfaction_comments: rows.comments,
  };
}

const SATISFACTION_COMMENTS = 20;

const EVENT_KINDS = [
  'invited',
  'responded',
  'reviewed',
  'shortlisted',
  'rejected',
] as const;
const NO_EVENTS: EventSums = {
  invited: 0,
  responded: 0,
  invited_and_responded: 0,
  reviewed: 0,
  shortlisted: 0,
  rejected: 0,
};

/**
 * The figures from the counters and the responses of the period: the company's counts are the
 * sums of its interviews', its median is computed over all its responses.
 */
async function readFigures(
  db: Db,
  options: { companyId: number; period: Period; interval: StatsInterval },
): Promise<StatsRows> {
  const [jobRows, sums, medians, satisfaction, comments] = await Promise.all([
    findCompanyJobs(db, options),
    findEventSums(db, {
      companyId: options.companyId,
      interval: options.interval,
      plan: planPeriod(options.period, options.interval),
    }),
    findMedianHours(db, options),
    findSatisfactionCounts(db, options),
    findSatisfactionComments(db, { ...options, limit: SATISFACTION_COMMENTS }),
  ]);
  const sumsByJob = new Map<number, EventSums>();
  const events: EventCountRow[] = [];
  for (const row of sums) {
    if (row.job_id !== null) sumsByJob.set(row.job_id, row);
    else if (row.period !== null)
      for (const kind of EVENT_KINDS)
        events.push({ period: row.period, kind, count: row[kind] });
  }
  const medianOf = new Map(
    medians.map((row) => [row.job_id, row.median_hours_to_respond]),
  );
  const totals: FigureRow = {
    ...NO_EVENTS,
    interviews_created: 0,
    interviews_published: 0,
    median_hours_to_respond: medianOf.get(null) ?? null,
  };
  const jobs = jobRows.map((job): JobFigureRow => {
    const counts = sumsByJob.get(job.job_id) ?? NO_EVENTS;
    totals.interviews_created += job.interviews_created;
    totals.interviews_published += job.interviews_published;
    for (const key of Object.keys(NO_EVENTS) as (keyof EventSums)[])
      totals[key] += counts[key];
    if (job.interviews_created)
      events.push({
        period: job.created_period,
        kind: 'interviews_created',
        count: 1,
      });
    return {
      job_id: job.job_id,
      title: job.title,
      status: job.status,
      created_at: job.created_at,
      interviews_created: job.interviews_created,
      interviews_published: job.interviews_published,
      invited: counts.invited,
      responded: counts.responded,
      invited_and_responded: counts.invited_and_responded,
      reviewed: counts.reviewed,
      shortlisted: counts.shortlisted,
      rejected: counts.rejected,
      median_hours_to_respond: medianOf.get(job.job_id) ?? null,
    };
  });
  return { totals, jobs, events, satisfaction, comments };
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
