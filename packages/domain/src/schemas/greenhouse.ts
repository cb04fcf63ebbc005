import { z } from '../zod';
import { GREENHOUSE_STATUSES } from '../integrations/greenhouse';

// Greenhouse's Assessment Partner API (developers.greenhouse.io/assessment.html), field by
// field; snake_case and `null` for a missing value, as its "General considerations" say.

/** One test in the reply to GET list_tests: a published interview of the company. */
export const greenhouseTestSchema = z.object({
  partner_test_id: z.string(),
  partner_test_name: z.string(),
});
export const greenhouseTestListSchema = z.array(greenhouseTestSchema);

/** Greenhouse sends ids as strings or, in its older examples, as numbers. */
const idString = z
  .union([z.string().min(1).max(100), z.number().int().nonnegative()])
  .transform(String);

/** POST send_test */
export const greenhouseSendTestSchema = z.object({
  partner_test_id: idString,
  candidate: z.object({
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().min(1).max(100),
    email: z.email().max(254),
    phone_number: z.string().max(40).nullish(),
    resume_url: z.string().max(2000).nullish(),
    greenhouse_profile_url: z.url().max(2000),
  }),
  /** Where Candor PATCHes when the test is completed. */
  url: z.url().max(2000).nullish(),
});
export type GreenhouseSendTest = z.infer<typeof greenhouseSendTestSchema>;

export const greenhouseSendTestReplySchema = z.object({
  partner_interview_id: z.string(),
});

/** GET test_status?partner_interview_id= */
export const greenhouseTestStatusQuerySchema = z.object({
  partner_interview_id: z.string().min(1).max(100),
});

/** A non-nested object of primitives, shown by Greenhouse with the result. */
export const greenhouseTestStatusSchema = z.object({
  partner_status: z.enum(GREENHOUSE_STATUSES),
  /** The interviewee's page in Candor (the reviewer signs in); never the candidate's link. */
  partner_profile_url: z.string().nullable(),
  /** The panel's average rating, when the company sends ratings back. */
  partner_score: z.number().nullable(),
  metadata: z.record(
    z.string(),
    z.union([z.string(), z.number(), z.boolean(), z.null()]),
  ),
});
export type GreenhouseTestStatus = z.infer<typeof greenhouseTestStatusSchema>;

/** POST response_error: what Greenhouse could not read of an answer. */
export const greenhouseResponseErrorSchema = z.object({
  api_call: z.string().min(1).max(100),
  errors: z.array(z.string().max(2000)).max(100),
  partner_test_id: idString.nullish(),
  partner_test_name: z.string().max(500).nullish(),
  partner_interview_id: idString.nullish(),
  candidate_email: z.string().max(254).nullish(),
});

/** The reply Greenhouse's document gives for response_error. */
export const greenhouseAcknowledgedSchema = z.object({ status: z.number() });

/**
 * A refused call, in the words of Greenhouse's own error report (`errors`, a list of
 * strings), what Greenhouse shows the recruiter; `message` is the first, as every refusal of
 * Candor's API has one.
 */
export const greenhouseErrorSchema = z.object({
  errors: z.array(z.string()),
  message: z.string(),
});

/** The integration as the company's admins see it. */
export const greenhouseConnectionSchema = z.object({
  enabled: z.boolean(),
  /** The start of the key, to tell which one Greenhouse holds. */
  prefix: z.string().nullable(),
  created_at: z.string().nullable(),
  send_ratings: z.boolean(),
  calls: z.array(
    z.object({
      at: z.string(),
      endpoint: z.string(),
      status: z.number(),
    }),
  ),
});
export type GreenhouseConnection = z.infer<typeof greenhouseConnectionSchema>;

export const greenhouseKeyCreatedSchema = z.object({ key: z.string() });

export const greenhouseSettingsSchema = z.object({
  send_ratings: z.boolean(),
});
