import { z } from '../zod';
import { APPLICANT_ACTIONS } from '../applications/actions';
import { BULK_MAX_ROWS } from '../applications/bulk-add';
import {
  ALL_STAGE_FILTERS,
  normaliseStageFilter,
} from '../applications/filters';
import { STAGES } from '../applications/stage';
import { STATUS_LABEL_TEXT } from '../applications/status-labels';

const isoDate = z.string().nullable();

export const statusLabelSchema = z.object({
  key: z.enum(
    Object.keys(STATUS_LABEL_TEXT) as [keyof typeof STATUS_LABEL_TEXT],
  ),
  text: z.string(),
  tone: z.enum(['green', 'amber', 'red', 'grey']),
  incomplete: z.boolean(),
  hover: z.string().nullable(),
});

export const applicationUserSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  full_name: z.string(),
});

/** The Application of spec section 3, plus what the rules derive from it for the caller. */
export const applicationSchema = z.object({
  id: z.number(),
  user: applicationUserSchema,
  job: z.number(),
  deadline: isoDate,
  invited_at: isoDate,
  responded_at: isoDate,
  declined_at: isoDate,
  declined_reason: z.string(),
  invitation_failed: z.boolean(),
  /** Why the latest text failed or was refused ("Text undelivered"); null otherwise, and for reviewers. */
  text_undelivered: z.string().nullable(),
  archived: z.boolean(),
  shortlisted: z.boolean(),
  rejected: z.boolean(),
  shortlisted_at: isoDate,
  rejected_at: isoDate,
  reviewed_at: isoDate,
  /** When the caller marked their own review complete (decision 133); reviewed_at is the panel's first. */
  review_completed_at: isoDate,
  answer_count: z.number(),
  /** The applicant tracking system that added the interviewee (decision 190), or null. */
  ats: z.enum(['greenhouse']).nullable(),
  user_rating: z.number().nullable(),
  average_review: z.object({
    review_average: z.number().nullable(),
    from_count: z.number(),
    /** True while the job hides the panel's scores until the caller has rated (decision 132). */
    hidden: z.boolean().optional(),
  }),
  status: z.number(),
  /** Company users only: it opens the interviewee's own link. */
  _token: z.string().nullable(),
  cv: z.string().nullable(),
  cv_filename: z.string().nullable(),
  created_at: z.string(),
  /** Company users only: the interviewee's personal link (PUBLIC_URL/i/{shortcode}). */
  interview_url: z.string().nullable(),
  stage: z.enum(STAGES),
  status_label: statusLabelSchema,
  actions: z.array(z.enum(APPLICANT_ACTIONS)),
  /** An answer chose an option that does not meet a requirement (decision 192). */
  knockout: z.boolean(),
  /** The questions so answered, by id. */
  knockout_questions: z.array(z.number()),
});
export type ApplicationReply = z.infer<typeof applicationSchema>;

export const applicationListQuerySchema = z.object({
  status: z.enum(STAGES).default('ToInvite'),
  filter: z
    .preprocess(
      normaliseStageFilter,
      z.enum(ALL_STAGE_FILTERS as [string, ...string[]]),
    )
    .default('All'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

export const applicationListSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(applicationSchema),
  /** Each filter tab of the requested stage with its count (and the flag to hide it at 0). */
  filters: z.array(
    z.object({
      id: z.string(),
      count: z.number().int(),
      hide_when_empty: z.boolean(),
    }),
  ),
  /** Non-archived applicants per stage, for the stage tabs. */
  stages: z.record(z.enum(STAGES), z.number().int()),
});
export type ApplicationList = z.infer<typeof applicationListSchema>;

export const newApplicantUserSchema = z.object({
  first_name: z.string().trim().max(100).default(''),
  last_name: z.string().trim().max(100).default(''),
  email: z.string().trim().max(254).default(''),
  phone: z.string().trim().max(40).optional().default(''),
});
export type NewApplicantUser = z.infer<typeof newApplicantUserSchema>;

export const newApplicationSchema = z.object({
  user: newApplicantUserSchema,
  job: z.coerce.number().int().optional(),
  status: z.coerce.number().int().optional(),
});
export const newApplicationRowSchema = newApplicationSchema.extend({
  row: z.coerce.number().int().min(1),
});
export const createApplicationsBodySchema = z.union([
  newApplicationSchema,
  z
    .array(newApplicationRowSchema)
    .min(1, 'Add at least one interviewee')
    .max(BULK_MAX_ROWS),
]);
export type CreateApplicationsBody = z.infer<
  typeof createApplicationsBodySchema
>;

export const bulkRowErrorSchema = z.object({
  row: z.number().int(),
  user: z.record(z.string(), z.array(z.string())).optional(),
  general: z.string().optional(),
});
export type BulkRowError = z.infer<typeof bulkRowErrorSchema>;
export const createApplicationsReplySchema = z.object({
  added: z.number().int(),
  ids: z.array(z.number()),
});
/** Any 400 of the add route: per-row errors for a list, or field errors (also of one applicant). */
export const createApplicationsErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(bulkRowErrorSchema).optional(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});

export const csvParseReplySchema = z.object({
  rows: z.array(z.array(z.string())),
});

/** Invite, resend and invite all: the sender name and subject override the company default. */
export const inviteBodySchema = z.object({
  invited_from_name: z.string().trim().max(120).optional(),
  invite_subject: z.string().trim().max(200).optional(),
});
export const extendBodySchema = inviteBodySchema.extend({
  deadline: z.coerce.date({ error: 'Choose a new deadline' }),
});
/** extend_all: which awaiting applicants: 'expired' (default), 'all', or a list of ids "1,2,3". */
export const extendAllBodySchema = extendBodySchema.extend({
  include: z
    .string()
    .trim()
    .regex(
      /^(expired|all|\d+(,\d+)*)$/,
      'include must be expired, all or a list of ids',
    )
    .default('expired'),
});
export const bulkSendReplySchema = z.object({
  queued: z.number().int(),
  skipped: z.number().int(),
});

export const emailApplicantBodySchema = z.object({
  msg_to: z.string().trim().max(254).optional(),
  email_subj: z.string().trim().min(1, 'Enter a subject').max(200),
  email_body: z.string().trim().min(1, 'Enter a message').max(50_000),
});
export const emailQuestionsBodySchema = z.object({
  msg_to: z.string().trim().email('Enter a valid email address'),
});
export const queuedReplySchema = z.object({ status: z.literal('queued') });
