import { KNOCKOUT_ACTIONS } from '../answer-types/answer-types';
import { z } from '../zod';
import { CONSTANTS, RATING_STYLES } from '../constants';
import { LOCALES } from '../product';
import { pageQuerySchema, pagedSchema } from './paged';

export const JOB_STATUSES = ['Draft', 'Published', 'Archived'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Counts of one applicant stage; `all` leaves archived applicants out, `archived` counts them. */
export const stageCountSchema = z.object({
  all: z.number().int(),
  archived: z.number().int(),
});
export type StageCount = z.infer<typeof stageCountSchema>;

export const jobStageStatsSchema = z.object({
  to_invite: stageCountSchema,
  awaiting_response: stageCountSchema,
  responded: stageCountSchema,
  reviewed: stageCountSchema,
  outcomes: stageCountSchema,
});
export type JobStageStats = z.infer<typeof jobStageStatsSchema>;

export const ratingDescriptionSchema = z.object({
  level: z.number().int().min(0).max(10),
  text: z.string().trim().max(200),
});
export type RatingDescription = z.infer<typeof ratingDescriptionSchema>;

const mediaRefSchema = z.object({
  id: z.number(),
  url: z.string().nullable(),
  thumbnail: z.string().nullable(),
});

/** The Job entity of the API (spec section 3). */
export const jobSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
  function: z.string(),
  role: z.string(),
  description: z.string(),
  deadline: z.string().nullable(),
  applicant_deadline_days: z.number().nullable(),
  survey_id: z.number().nullable(),
  language: z.enum(LOCALES),
  question_count: z.number().int(),
  rating_style: z.number().int(),
  rating_scale: z.number().int(),
  rating_min: z.number().int(),
  rating_descriptions: z.array(ratingDescriptionSchema),
  allow_answer_review: z.boolean(),
  /** Reviewers see no one else's ratings, comments or decisions of an interviewee until they rated them. */
  blind_until_rated: z.boolean(),
  /** What follows an answer that chose a knockout option, once the interviewee submits. */
  knockout_action: z.enum(KNOCKOUT_ACTIONS),
  max_retakes: z.number().int(),
  sjt_assessment: z.boolean(),
  shortcode: z.string(),
  is_template: z.boolean(),
  template_of: z.number().nullable(),
  reviewer_permissions: z.object({ rating: z.number().int() }),
  company: z.object({
    shortname: z.string(),
    name: z.string(),
    support_email: z.string(),
  }),
  created_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  intro_video_id: z.number().nullable(),
  intro_video: mediaRefSchema.nullable(),
  /** How many interviewees the job has (archived included). */
  applications: z.number().int(),
  stats: jobStageStatsSchema,
  /** Interviewees waiting for a review: the Responded stage, archived left out. */
  to_review: z.number().int(),
  marketplace_title: z.string(),
  marketplace_description: z.string(),
  marketplace_details: z.string(),
  marketplace_featured: z.boolean(),
  marketplace_image: z.string().nullable(),
  marketplace_stock_image: z.string(),
  marketplace_order: z.number().int(),
  marketplace_public: z.boolean(),
});
export type Job = z.infer<typeof jobSchema>;

/** GET /api/jobs: a page of jobs plus the 'To review' total over every page of the list. */
export const jobListSchema = pagedSchema(jobSchema).extend({
  to_review: z.number().int(),
});
export type JobList = z.infer<typeof jobListSchema>;

export const JOB_ORDERINGS = [
  'created_at',
  '-created_at',
  'title',
  '-title',
  'marketplace_order',
  '-marketplace_order',
] as const;
export type JobOrdering = (typeof JOB_ORDERINGS)[number];

/** 'created': jobs I created; 'assigned': jobs where I am on the review panel. */
export const JOB_FILTERS = ['all', 'created', 'assigned'] as const;
export type JobFilter = (typeof JOB_FILTERS)[number];

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export const jobListQuerySchema = pageQuerySchema.extend({
  filter: z.enum(JOB_FILTERS).default('all'),
  status: z.enum(JOB_STATUSES).optional(),
  ordering: z.enum(JOB_ORDERINGS).default('-created_at'),
  title: z.string().trim().max(200).optional(),
  q: z.string().trim().max(200).optional(),
  public: booleanQuery.optional(),
  /** Only 'templates': the shared template interviews. */
  company: z.literal('templates').optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

/** A date (end of that day, UTC) or a full ISO date-time. */
const deadlineSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'Enter a valid date',
  })
  .transform((value) =>
    value.length === 10 ? `${value}T23:59:59.000Z` : value,
  )
  .nullable();

/** The details form of the creation steps; also the body of POST /api/jobs (with company). */
export const jobDetailsSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Give your interview a title')
    .max(200, 'Use at most 200 characters'),
  function: z.string().trim().max(100).default(''),
  role: z.string().trim().max(100).default(''),
  deadline: deadlineSchema.default(null),
  applicant_deadline_days: z
    .number()
    .int()
    .min(1)
    .max(90)
    .nullable()
    .default(null),
  description: z.string().max(5000, 'Use at most 5000 characters').default(''),
  language: z.enum(LOCALES).default('en-gb'),
  rating_style: z
    .union([
      z.literal(RATING_STYLES.overall),
      z.literal(RATING_STYLES.perQuestion),
      z.literal(RATING_STYLES.matrix),
    ])
    .default(RATING_STYLES.perQuestion),
  rating_scale: z
    .number()
    .int()
    .refine(
      (value) => CONSTANTS.rating_scales.includes(value),
      'Choose one of the rating scales',
    )
    .default(5),
  rating_min: z.union([z.literal(0), z.literal(1)]).default(1),
  rating_descriptions: z.array(ratingDescriptionSchema).max(11).default([]),
  allow_answer_review: z.boolean().default(true),
  blind_until_rated: z.boolean().default(false),
  knockout_action: z.enum(KNOCKOUT_ACTIONS).default('flag'),
  max_retakes: z.number().int().min(0).max(5).default(CONSTANTS.max_retakes),
});
export type JobDetails = z.infer<typeof jobDetailsSchema>;
export type JobDetailsInput = z.input<typeof jobDetailsSchema>;

export const jobCreateSchema = jobDetailsSchema.extend({
  company: z.string().trim().min(1, 'Choose a company'),
});
export type JobCreate = z.infer<typeof jobCreateSchema>;

/** PATCH /api/jobs/{id}: any details, and the interview's intro video. */
export const jobUpdateSchema = jobDetailsSchema
  .extend({ intro_video_id: z.number().int().nullable() })
  .partial();
export type JobUpdate = z.infer<typeof jobUpdateSchema>;

export const attachmentSchema = z.object({
  id: z.number(),
  job: z.number(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  /** A signed download link that expires after an hour. */
  url: z.string(),
  status: z.literal('uploaded'),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const ATTACHMENT_TOO_LARGE_MESSAGE =
  'Attachments must be 10 MB or smaller.';
/** Upload status of an attachment in the form (spec section 3). */
export type AttachmentUploadStatus = null | 'uploading' | 'uploaded' | 'failed';

/** GET /api/jobs/{id}/edit-facts: what fixes parts of the interview (decision 138). */
export const jobEditFactsSchema = z.object({
  answered: z.number().int(),
  rated: z.number().int(),
});
