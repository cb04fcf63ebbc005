import {
  satisfactionCommentSchema,
  satisfactionFiguresShape,
} from '../satisfaction/satisfaction';
import { z } from '../zod';

const dateOnly = z.iso.date('Use a date like 2026-01-31');

export const statsQuerySchema = z
  .object({ from_date: dateOnly.optional(), to_date: dateOnly.optional() })
  .refine(
    (value) =>
      !value.from_date || !value.to_date || value.from_date <= value.to_date,
    {
      message: 'The start date must be on or before the end date',
      path: ['from_date'],
    },
  );
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** The figures of one interview, or of the whole company, over the chosen dates. */
export const statsFiguresSchema = z.object({
  interviews_created: z.number().int(),
  interviews_published: z.number().int(),
  invited: z.number().int(),
  responded: z.number().int(),
  /** Of those invited in the period, the share that responded (0 to 1); null when none invited. */
  completion_rate: z.number().nullable(),
  /** Median hours from invitation to response, for responses in the period. */
  median_hours_to_respond: z.number().nullable(),
  reviewed: z.number().int(),
  shortlisted: z.number().int(),
  rejected: z.number().int(),
  /** Candidates' "How was this interview?" answered in the period. */
  ...satisfactionFiguresShape,
});
export type StatsFigures = z.infer<typeof statsFiguresSchema>;

export const jobStatsSchema = statsFiguresSchema.extend({
  job_id: z.number(),
  title: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type JobStats = z.infer<typeof jobStatsSchema>;

export const statsPointSchema = z.object({
  /** First day of the week (Monday) or month, YYYY-MM-DD. */
  period: z.string(),
  interviews_created: z.number().int(),
  invited: z.number().int(),
  responded: z.number().int(),
  reviewed: z.number().int(),
  shortlisted: z.number().int(),
  rejected: z.number().int(),
});
export type StatsPoint = z.infer<typeof statsPointSchema>;

export const companyStatsSchema = z.object({
  from_date: z.string(),
  to_date: z.string(),
  interval: z.enum(['week', 'month']),
  totals: statsFiguresSchema,
  jobs: z.array(jobStatsSchema),
  over_time: z.array(statsPointSchema),
  /** The latest candidates' comments of the period, newest first, without who wrote them. */
  satisfaction_comments: z.array(satisfactionCommentSchema),
});
export type CompanyStats = z.infer<typeof companyStatsSchema>;

/** Default report period when no dates are given: the last 90 days up to today. */
export const DEFAULT_STATS_DAYS = 90;
/** Longer periods are charted per month, shorter ones per week. */
export const STATS_WEEKLY_MAX_DAYS = 92;
