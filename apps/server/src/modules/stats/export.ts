import {
  SATISFACTION_SCORES,
  type JobStats,
  type StatsFigures,
} from '@candor/domain';
import { csvLine } from '../../platform/http/csv';

const HEADER = [
  'Interview',
  'Status',
  'Created',
  'Interviews created',
  'Interviews published',
  'Interviewees invited',
  'Responded',
  'Completion rate (%)',
  'Median hours to respond',
  'Reviewed',
  'Shortlisted',
  'Rejected',
  'Rated the experience',
  'Average experience (1 to 5)',
  ...SATISFACTION_SCORES.map((score) => `Rated ${score}`),
];

function figureCells(figures: StatsFigures) {
  return [
    figures.interviews_created,
    figures.interviews_published,
    figures.invited,
    figures.responded,
    figures.completion_rate === null
      ? ''
      : Math.round(figures.completion_rate * 1000) / 10,
    figures.median_hours_to_respond ?? '',
    figures.reviewed,
    figures.shortlisted,
    figures.rejected,
    figures.satisfaction_responses,
    figures.satisfaction_average ?? '',
    ...figures.satisfaction_distribution,
  ];
}

/** The report as CSV lines, one per interview and a total, produced as they are written. */
export function* statsCsvLines(
  jobs: JobStats[],
  totals: StatsFigures,
): Generator<string> {
  // A byte-order mark makes spreadsheet programs read the file as UTF-8 (accents in titles).
  yield `\uFEFF${csvLine(HEADER)}`;
  for (const job of jobs) {
    yield csvLine([
      job.title,
      job.status,
      job.created_at.slice(0, 10),
      ...figureCells(job),
    ]);
  }
  yield csvLine(['All interviews', '', '', ...figureCells(totals)]);
}
