import { ANSWER_TYPES } from '../answer-types/answer-types';
import { z } from '../zod';
import { surveyCategorySchema } from './fairness';
import { pathId } from './path-id';

/** The largest answer recording accepted (about 5 minutes of HD webcam video is ~150 MB). */
export const ANSWER_UPLOAD_LIMIT_BYTES = 500 * 1024 * 1024;

/** Where the interviewee stands: only 'open' may answer. */
export const INTERVIEW_AVAILABILITY = [
  'open',
  'completed',
  'declined',
  'expired',
  'closed',
] as const;
export type InterviewAvailability = (typeof INTERVIEW_AVAILABILITY)[number];

export const intervieweeTokenParamsSchema = z.object({
  token: z.string().min(10).max(100),
});
export const intervieweeQuestionParamsSchema =
  intervieweeTokenParamsSchema.extend({
    question: pathId,
  });
export const shortcodeParamsSchema = z.object({
  shortcode: z.string().min(4).max(40),
});

/** The company as its candidates see it; `brand_color` is `#rrggbb` or null (decision 198). */
export const brandingSchema = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  brand_color: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const intervieweeAttachmentSchema = z.object({
  id: z.number(),
  filename: z.string(),
  size: z.number(),
  /** Signed, expiring download URL. */
  url: z.string(),
});

/** GET /api/interviewee/{token}: everything the answering screens need. */
export const intervieweeInterviewSchema = z.object({
  company: brandingSchema,
  title: z.string(),
  introduction: z.string(),
  attachments: z.array(intervieweeAttachmentSchema),
  /** The interview's introduction video, played on the landing page before consent (issue 47). */
  welcome_video: z
    .object({ url: z.string(), thumbnail: z.string().nullable() })
    .nullable(),
  deadline: z.string().nullable(),
  question_count: z.number().int(),
  /** Question ids in the order they are asked. */
  question_ids: z.array(z.number().int()),
  /** Some question is answered by recording: the camera is needed (decision 192). */
  records_video: z.boolean(),
  /** Thinking times plus time limits, in seconds. */
  expected_duration_seconds: z.number().int(),
  language: z.enum(['en-gb', 'fr-fr']),
  max_retakes: z.number().int(),
  first_name: z.string(),
  consented: z.boolean(),
  /** Questions whose answer arrived (processing or ready); failed ones must be recorded again. */
  answered_question_ids: z.array(z.number().int()),
  /** Questions whose last recording could not be used, with the reason. */
  failed_answers: z.array(
    z.object({ question: z.number().int(), reason: z.string() }),
  ),
  status: z.enum(INTERVIEW_AVAILABILITY),
  feedback_enabled: z.boolean(),
  /** The categories of the company's voluntary survey, shown once submitted; null when off. */
  survey: z.array(surveyCategorySchema).nullable(),
});
export type IntervieweeInterview = z.infer<typeof intervieweeInterviewSchema>;

export const consentBodySchema = z.object({
  consent: z.literal(true, {
    error: 'Please agree to the recording and use of your answers.',
  }),
});

export const declineBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .max(1000, 'Use at most 1000 characters')
    .default(''),
});

export const intervieweeQuestionSchema = z.object({
  id: z.number(),
  text: z.string(),
  order: z.number().int(),
  /** 1-based position among the interview's questions. */
  position: z.number().int(),
  thinking_time: z.number().int(),
  time_limit: z.number().int(),
  media: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('video'),
      url: z.string(),
      thumbnail: z.string().nullable(),
    }),
    z.object({ kind: z.literal('audio'), url: z.string() }),
  ]),
  /**
   * A video question's captions as WebVTT, null when it has none; a spoken question's are made
   * in the browser from its text and the speech's length (decision 199).
   */
  captions: z.string().nullable(),
  /** How this question is answered (decision 192). */
  answer_type: z.enum(ANSWER_TYPES),
  max_characters: z.number().int().nullable(),
  /** A choice question's options; which of them knock out is never sent to the candidate. */
  options: z.array(z.object({ id: z.number(), text: z.string() })),
  multiple: z.boolean(),
  answered: z.boolean(),
  /** A typed or chosen answer as saved, once answered. */
  response: z
    .object({ text: z.string().nullable(), choices: z.array(z.number()) })
    .nullable(),
});
export type IntervieweeQuestion = z.infer<typeof intervieweeQuestionSchema>;

export const answerUploadBodySchema = z.object({
  /** The recording's MIME type as the browser's MediaRecorder reports it. */
  content_type: z.string().trim().min(1).max(200),
  /**
   * Size in bytes of the recording, when known; 0 while it is still being recorded (the
   * upload then declares its length with its last bytes).
   */
  size: z.number().int().min(0),
});
export type AnswerUploadBody = z.infer<typeof answerUploadBodySchema>;

/** Where the browser sends takes: a tus 1.0 endpoint (creation, creation-defer-length, termination). */
export const ANSWER_UPLOADS_PATH = '/api/uploads/answers';

/**
 * A take: one recording of one question, sent as one resumable (tus) upload. The upload is
 * created with `upload.metadata` and lives at `${upload.endpoint}/${take}` until its last byte
 * arrives; then the take is complete and gone (410), and Submit (`…/answer/complete`) saves
 * the answer (decision 164).
 */
export const answerUploadReplySchema = z.object({
  answer: z.number(),
  /** The take's secret id: the tus upload's metadata and the last segment of its URL. */
  take: z.string(),
  upload: z.object({
    endpoint: z.string(),
    metadata: z.object({ take: z.string() }),
  }),
  /** The most bytes this take may have (from the question's time limit). */
  max_bytes: z.number().int(),
});
export type AnswerUploadReply = z.infer<typeof answerUploadReplySchema>;

/**
 * Why the tus endpoint refuses a take (the `code` of its JSON error body): unknown, already
 * saved, replaced by a newer take of the same question, or older than a day.
 */
export const TAKE_REFUSALS = [
  'take_not_found',
  'take_complete',
  'take_replaced',
  'take_expired',
  'take_started',
] as const;
export type TakeRefusal = (typeof TAKE_REFUSALS)[number];

/**
 * Submit. `take` names the take being submitted: when the question's current take is another
 * one (recorded again in another tab, say) the call is refused with 410 `take_replaced`.
 */
export const answerCompleteBodySchema = z
  .object({
    take: z
      .string()
      .min(16)
      .max(100)
      .regex(/^[\w-]+$/),
  })
  .partial();
export type AnswerCompleteBody = z.infer<typeof answerCompleteBodySchema>;

export const answerCompleteReplySchema = z.object({
  answer: z.number(),
  status: z.enum(['processing', 'ready']),
  answered_question_ids: z.array(z.number().int()),
  completed: z.boolean(),
});
export type AnswerCompleteReply = z.infer<typeof answerCompleteReplySchema>;

/**
 * PUT /api/interviewee/{token}/questions/{question}/response: a typed answer or the options
 * chosen, saved at once (decision 192).
 */
export const typedResponseBodySchema = z.object({
  text: z.string().max(20_000, 'Your answer is too long.').optional(),
  choices: z.array(z.number().int()).max(20).optional(),
});
export type TypedResponseBody = z.infer<typeof typedResponseBodySchema>;

export const typedResponseReplySchema = answerCompleteReplySchema.extend({
  text: z.string().nullable(),
  choices: z.array(z.number()),
});
export type TypedResponseReply = z.infer<typeof typedResponseReplySchema>;

export const intervieweeStatusReplySchema = z.object({
  status: z.enum(INTERVIEW_AVAILABILITY),
});

/** GET /api/public/jobs/{shortcode}: the public page of a published interview. */
export const publicJobSchema = z.object({
  company: brandingSchema,
  title: z.string(),
  introduction: z.string(),
  deadline: z.string().nullable(),
  question_count: z.number().int(),
  expected_duration_seconds: z.number().int(),
  language: z.enum(['en-gb', 'fr-fr']),
  /** Only 'open' accepts applications. */
  status: z.enum(['open', 'expired', 'closed']),
});
export type PublicJob = z.infer<typeof publicJobSchema>;

export const publicApplyBodySchema = z.object({
  first_name: z.string().trim().min(1, 'Enter your first name').max(100),
  last_name: z.string().trim().min(1, 'Enter your last name').max(100),
  email: z.email('Enter a valid e-mail address').trim().max(254),
  consent: z.literal(true, { error: 'Please agree to the terms to continue.' }),
});
export type PublicApplyBody = z.infer<typeof publicApplyBodySchema>;

/**
 * The same reply for a new and a known address: the interview link is e-mailed to it, so the
 * reply tells nobody whether that address has applied (decision 120).
 */
export const publicApplyReplySchema = z.object({
  status: z.literal('link_sent'),
  message: z.string(),
});
export type PublicApplyReply = z.infer<typeof publicApplyReplySchema>;
