import type { ColumnType, Generated } from 'kysely';

/** A `date` column (a UTC day), written as 'YYYY-MM-DD'. */
type Day = ColumnType<Date, string, string>;

/** What each applicant counts in the company statistics, kept by triggers (migration 20261122030000). */
export type StatsApplicationsTable = {
  application_id: number;
  job_id: number;
  invited_on: Day | null;
  responded_on: Day | null;
  response_hours: number | null;
  reviewed_flag_on: Day | null;
  first_review_on: Day | null;
  shortlisted_on: Day | null;
  rejected_on: Day | null;
};

type StatsCounters = {
  invited: Generated<number>;
  responded: Generated<number>;
  invited_and_responded: Generated<number>;
  reviewed: Generated<number>;
  shortlisted: Generated<number>;
  rejected: Generated<number>;
};

/** Events per interview and UTC day, kept by triggers from stats_applications. */
export type StatsJobDaysTable = StatsCounters & { job_id: number; day: Day };

/** The same per interview and month (its first day). */
export type StatsJobMonthsTable = StatsCounters & {
  job_id: number;
  month: Day;
};

export type StatsTables = {
  stats_applications: StatsApplicationsTable;
  stats_job_days: StatsJobDaysTable;
  stats_job_months: StatsJobMonthsTable;
};
