import { z } from '../zod';
import { REVIEWER_APPLICANTS } from '../constants';
import { newPasswordSchema } from '../accounts/passwords';

/**
 * The person as the company knows them: the names it typed, and the account's id only once the
 * person has accepted (before, an old id would tell that the address already had an account).
 */
const reviewerPersonSchema = z.object({
  id: z.number().nullable(),
  full_name: z.string(),
});

/** One reviewer of one job with their settings. */
export const reviewerSchema = z.object({
  id: z.number(),
  user: reviewerPersonSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** 1: the account holder, or a person who accepted this company's invitation; 0: not yet. */
  account_status: z.number().int(),
  is_account_holder: z.boolean(),
  applicants: z.number().int(),
  all_reviews: z.boolean(),
  rating: z.number().int(),
  reminder_email: z.boolean(),
  assigned_applications: z.array(z.number()),
  invited_at: z.string().nullable(),
});
export type Reviewer = z.infer<typeof reviewerSchema>;

/** A person who reviews any of the company's jobs (GET /api/reviewers). */
export const companyReviewerSchema = z.object({
  /** The person's latest reviewer row in the company. */
  id: z.number(),
  user: reviewerPersonSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  account_status: z.number().int(),
  is_system: z.boolean(),
});
export type CompanyReviewer = z.infer<typeof companyReviewerSchema>;

export const companyReviewersQuerySchema = z.object({
  not_job: z.coerce.number().int().optional(),
  first_name: z.string().max(100).optional(),
  last_name: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
});

export const reviewerCreateSchema = z.object({
  email: z.email('Enter a valid e-mail address').max(254),
  first_name: z.string().trim().min(1, 'First name is required').max(100),
  last_name: z.string().trim().min(1, 'Last name is required').max(100),
});
export type ReviewerCreate = z.infer<typeof reviewerCreateSchema>;

const applicantsValues = Object.values(REVIEWER_APPLICANTS) as number[];
export const reviewerUpdateSchema = z
  .object({
    applicants: z
      .number()
      .int()
      .refine(
        (value) => applicantsValues.includes(value),
        'Choose all or chosen interviewees',
      ),
    all_reviews: z.boolean(),
    rating: z.number().int().min(0).max(1),
    reminder_email: z.boolean(),
    assigned_applications: z.array(z.number().int().positive()).max(5000),
  })
  .partial();
export type ReviewerUpdate = z.infer<typeof reviewerUpdateSchema>;

export const REVIEWER_INVITED_STATUS = 'reviewer invited';
export const reviewerInviteReplySchema = z.object({
  status: z.literal(REVIEWER_INVITED_STATUS),
});

/** What the invitation page shows: whom it invites, and how they may accept. */
export const reviewerInvitationSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  company_name: z.string(),
  job_title: z.string(),
  /** The account can already sign in: its owner accepts while signed in, never sets a password here. */
  has_password: z.boolean(),
  /** The caller's session is the invited account. */
  signed_in_as_invitee: z.boolean(),
});
export type ReviewerInvitation = z.infer<typeof reviewerInvitationSchema>;

/** A new person chooses a password; an account that has one sends nothing (it is signed in). */
export const reviewerInvitationAcceptSchema = z.object({
  password: newPasswordSchema.optional(),
});
export type ReviewerInvitationAccept = z.infer<
  typeof reviewerInvitationAcceptSchema
>;

/** Accepted: the job to open. */
export const reviewerInvitationAcceptedSchema = z.object({
  status: z.literal('OK'),
  job_id: z.number(),
});
