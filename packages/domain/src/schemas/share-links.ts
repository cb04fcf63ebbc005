import { typedAnswerFields } from './answers';
import { z } from '../zod';
import { LOCALES } from '../product';
import {
  SHARE_CODE_LENGTH,
  SHARE_LINK_DEFAULT_DAYS,
  SHARE_LINK_MAX_DAYS,
  SHARE_LINK_MIN_DAYS,
} from '../share-links/share-link-rules';

const daysMessage = `Choose from ${SHARE_LINK_MIN_DAYS} to ${SHARE_LINK_MAX_DAYS} days.`;

/** POST /api/jobs/{job}/applications/{id}/share-links */
export const shareLinkCreateSchema = z.object({
  days: z.coerce
    .number()
    .int(daysMessage)
    .min(SHARE_LINK_MIN_DAYS, daysMessage)
    .max(SHARE_LINK_MAX_DAYS, daysMessage)
    .default(SHARE_LINK_DEFAULT_DAYS),
  include_ratings: z.boolean().default(false),
  include_comments: z.boolean().default(false),
  /** Only this address may view, once it confirms a code sent to it; empty: anyone with the link. */
  email: z
    .union([
      z.literal('').transform(() => null),
      z.email('Enter a valid e-mail address').max(254),
    ])
    .nullable()
    .default(null),
});
export type ShareLinkCreate = z.input<typeof shareLinkCreateSchema>;

/** One link in the interviewee's list of links. Its key is never shown again after creation. */
export const shareLinkSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
  email: z.string().nullable(),
  include_ratings: z.boolean(),
  include_comments: z.boolean(),
  view_count: z.number(),
  last_viewed_at: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareLinkListSchema = z.object({
  results: z.array(shareLinkSchema),
});

/** The reply to creating a link: the only time its address is shown. */
export const shareLinkCreatedSchema = shareLinkSchema.extend({
  url: z.string(),
});
export type ShareLinkCreated = z.infer<typeof shareLinkCreatedSchema>;

/** POST /api/shared/{key}/code */
export const shareCodeRequestSchema = z.object({
  email: z.email('Enter a valid e-mail address').max(254),
  /** The viewer's language, for the e-mail: they have no account to hold one. */
  locale: z.enum(LOCALES).default('en-gb'),
});
export type ShareCodeRequest = z.input<typeof shareCodeRequestSchema>;
/** POST /api/shared/{key}/verify */
export const shareCodeVerifySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\d{${SHARE_CODE_LENGTH}}$`),
      `Enter the ${SHARE_CODE_LENGTH}-digit code from the e-mail.`,
    ),
});

const sharedRatingSchema = z.object({
  /** "Reviewer 1", "Reviewer 2"…: the number only, never a name (decision 153). */
  reviewer: z.number(),
  rating: z.number(),
});

/** GET /api/shared/{key}: what the hiring manager sees. */
export const sharedCandidateSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('locked'),
    company: z.object({ name: z.string(), logo: z.string().nullable() }),
  }),
  z.object({
    status: z.literal('open'),
    company: z.object({ name: z.string(), logo: z.string().nullable() }),
    job: z.object({ title: z.string() }),
    candidate: z.object({ full_name: z.string() }),
    expires_at: z.string(),
    answers: z.array(
      z.object({
        id: z.number(),
        question_text: z.string(),
        ...typedAnswerFields,
        video: z
          .object({
            url: z.string(),
            thumbnail: z.string().nullable(),
            duration: z.number().nullable(),
          })
          .nullable(),
        /** null when the sharer left ratings out. */
        ratings: z.array(sharedRatingSchema).nullable(),
      }),
    ),
    /** null when the sharer left ratings out. */
    ratings: z
      .object({
        min: z.number(),
        scale: z.number(),
        average: z.number().nullable(),
        overall: z.array(sharedRatingSchema),
      })
      .nullable(),
    /** null when the sharer left comments out. */
    comments: z
      .array(
        z.object({
          reviewer: z.number().nullable(),
          comment: z.string(),
          created_at: z.string(),
        }),
      )
      .nullable(),
  }),
]);
export type SharedCandidate = z.infer<typeof sharedCandidateSchema>;
