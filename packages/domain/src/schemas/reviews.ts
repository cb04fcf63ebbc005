import { z } from '../zod';
import { brandingSchema } from './interviewee';

const id = z.coerce.number().int().positive();

export const reviewsQuerySchema = z.object({ application: id });

/** Who wrote a review or comment, as the interviewee page shows it. */
const authorSchema = z.object({ id: z.number(), full_name: z.string() });

// Overall reviews.
export const reviewSchema = z.object({
  id: z.number(),
  application: z.number(),
  rating: z.number().int(),
  user: z.number(),
  author: authorSchema,
  updated_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** `user` is accepted as the interface sends it, and must be the caller when present. */
export const reviewBodySchema = z.object({
  rating: z.number().int(),
  application: id,
  user: z.number().int().optional(),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

// Per-answer reviews.
export const answerReviewSchema = z.object({
  id: z.number(),
  answer: z.number(),
  answer_id: z.number(),
  application: z.number(),
  rating: z.number().int(),
  user: z.number(),
  author: authorSchema,
  updated_at: z.string(),
});
export type AnswerReview = z.infer<typeof answerReviewSchema>;

export const answerReviewBodySchema = z.object({
  rating: z.number().int(),
  answer: id,
  user: z.number().int().optional(),
});
export type AnswerReviewBody = z.infer<typeof answerReviewBodySchema>;

/** Written back after every review change: the applicant's average and the caller's rating. */
export const reviewChangeReplySchema = z.object({
  average_review: z.object({
    review_average: z.number().nullable(),
    from_count: z.number().int(),
    /** True while the job hides the panel's scores until the caller has rated (decision 132). */
    hidden: z.boolean().optional(),
  }),
  user_rating: z.number().nullable(),
});

// The STAR matrix.
export const matrixReviewSchema = z.object({
  id: z.number(),
  application: z.number(),
  question: z.number().nullable(),
  competency: z.number().int(),
  indicator: z.number().int().min(0).max(3),
  level: z.number().int().min(0).max(1),
  user: z.number(),
});
export type MatrixReview = z.infer<typeof matrixReviewSchema>;

export const matrixReviewBodySchema = z.object({
  application: id,
  /** null for a communication review, which belongs to the whole interview. */
  question: z.number().int().positive().nullable(),
  competency: z.number().int().min(0).default(0),
  indicator: z
    .number()
    .int()
    .min(0, 'The indicator must be 0 to 3')
    .max(3, 'The indicator must be 0 to 3'),
  level: z
    .number()
    .int()
    .min(0, 'The level must be 0 or 1')
    .max(1, 'The level must be 0 or 1'),
  id: z.number().int().optional(),
});
export type MatrixReviewBody = z.infer<typeof matrixReviewBodySchema>;

/** What a submission did, following the same-level-removes, other-level-replaces rule. */
export const matrixSubmissionReplySchema = z.object({
  action: z.enum(['created', 'removed', 'replaced']),
  review: matrixReviewSchema.nullable(),
  removed_id: z.number().nullable(),
});

export const MATRIX_OPTION_KINDS = ['competency', 'communication'] as const;
export const matrixOptionSchema = z.object({
  id: z.number(),
  kind: z.enum(MATRIX_OPTION_KINDS),
  competency: z.number().int(),
  indicator: z.number().int(),
  indicator_description: z.string(),
  level: z.number().int(),
  /** What the reviewer reads in the cell. */
  text_1: z.string(),
  /** The sentence the interviewee reads on the feedback page. */
  text_2: z.string(),
});
export type MatrixOption = z.infer<typeof matrixOptionSchema>;

export const matrixOptionsReplySchema = z.object({
  options: z.array(matrixOptionSchema),
  minimums: z.object({
    indicators_per_question: z.number().int(),
    communication_reviews: z.number().int(),
  }),
});
export type MatrixOptionsReply = z.infer<typeof matrixOptionsReplySchema>;

// Comments on the application, and feedback (a comment the interviewee may read).
export const commentSchema = z.object({
  id: z.number(),
  application: z.number(),
  comment: z.string(),
  is_feedback: z.boolean(),
  user: authorSchema.nullable(),
  created_at: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentBodySchema = z.object({
  application: id,
  comment: z.string().trim().min(1, 'A comment is required').max(5000),
  user: z.number().int().optional(),
  feedback: z.boolean().default(false),
});
export type CommentBody = z.input<typeof commentBodySchema>;

// Review comments: one reviewer's note on one question (or on the whole interview).
export const reviewCommentSchema = z.object({
  id: z.number(),
  application: z.number(),
  comment: z.string(),
  question: z.number().nullable(),
  reviewer: z.number(),
  author: authorSchema,
  updated_at: z.string(),
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

export const reviewCommentBodySchema = z.object({
  application: id,
  comment: z.string().trim().min(1, 'A comment is required').max(5000),
  question: z.number().int().positive().nullable().default(null),
  reviewer: z.number().int().optional(),
  /** Replace the reviewer's existing comment on that question instead of adding another. */
  overwrite: z.boolean().default(false),
});
export type ReviewCommentBody = z.input<typeof reviewCommentBodySchema>;

// The interviewee's public feedback page.
const feedbackTextsSchema = z.object({
  strengths: z.array(z.string()),
  improvements: z.array(z.string()),
});
export const feedbackPageSchema = z.object({
  job: z.object({ title: z.string() }),
  company: brandingSchema,
  first_name: z.string(),
  questions: z.array(
    feedbackTextsSchema.extend({ id: z.number(), text: z.string() }),
  ),
  communication: feedbackTextsSchema,
  comments: z.array(z.string()),
});
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;

// Every e-mail sent to one interviewee (the comms tab).
export const applicationEmailSchema = z.object({
  id: z.number(),
  kind: z.string(),
  to_email: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type ApplicationEmail = z.infer<typeof applicationEmailSchema>;
