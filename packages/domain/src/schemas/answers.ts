import { z } from '../zod';
import { ANSWER_TYPES, choiceOptionSchema } from '../answer-types/answer-types';
import { pageQuerySchema } from './paged';

export const ANSWER_STATUSES = [
  'uploading',
  'processing',
  'ready',
  'failed',
] as const;

/** What a typed or chosen answer says (decision 192); null for a recording. */
export const typedAnswerFields = {
  answer_type: z.enum(ANSWER_TYPES),
  text: z.string().nullable(),
  /** The options chosen, as the question had them when the interviewee chose. */
  choices: z.array(choiceOptionSchema).nullable(),
};

/** The Answer entity as reviewers read it (spec sections 3 and 7). */
export const answerSchema = z.object({
  id: z.number(),
  application: z.number(),
  /** A reference path whose last segment is the question id. */
  question: z.string(),
  question_id: z.number(),
  question_text: z.string(),
  order: z.number().int(),
  /** The question was deleted after this answer was recorded. */
  removed: z.boolean(),
  status: z.enum(ANSWER_STATUSES),
  /**
   * Null until the recording has arrived. While it is processing this is the original as
   * recorded (WebM or MP4, no thumbnail or duration yet), then the transcoded MP4 (decision 135).
   */
  video: z
    .object({
      /** Signed, expiring, Range-capable URL. */
      url: z.string(),
      thumbnail: z.string().nullable(),
      duration: z.number().nullable(),
    })
    .nullable(),
  ...typedAnswerFields,
  thinking_time: z.number().int().nullable(),
  time_limit: z.number().int().nullable(),
  created_at: z.string(),
});
export type Answer = z.infer<typeof answerSchema>;

export const answerListQuerySchema = pageQuerySchema.extend({
  application: z.coerce.number().int().positive().optional(),
});
export type AnswerListQuery = z.infer<typeof answerListQuerySchema>;
