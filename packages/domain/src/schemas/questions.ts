import { z } from 'zod';
import {
  DEFAULT_THINKING_TIME,
  DEFAULT_TIME_LIMIT,
  THINKING_TIMES,
  TIME_LIMITS,
} from '../constants';

/** Competency 0 is the motivation question ("why this job?"), not a competency of the list. */
export const MOTIVATION_COMPETENCY = 0;
export const QUESTION_MEDIA = ['tts', 'video'] as const;
export type QuestionMedia = (typeof QUESTION_MEDIA)[number];
export const MAX_QUESTIONS_PER_JOB = 30;

/** The Question entity (spec section 3); spoken audio is served at `url + '/tts'`. */
export const questionSchema = z.object({
  id: z.number(),
  job: z.number(),
  text: z.string(),
  thinking_time: z.number().int(),
  time_limit: z.number().int(),
  competency: z.number().int(),
  competency_name: z.string(),
  review_competency: z.number().int().nullable(),
  review_competency_name: z.string().nullable(),
  order: z.number().int(),
  media: z.enum(QUESTION_MEDIA),
  /**
   * A spoken question's audio: rendered by the worker when the question is saved ('rendering'
   * until then), or 'failed' while a failed render is tried again. Null for a video question.
   */
  speech_status: z.enum(['rendering', 'ready', 'failed']).nullable(),
  video_id: z.number().nullable(),
  video: z
    .object({
      id: z.number(),
      thumbnail: z.string().nullable(),
      url: z.string().nullable(),
    })
    .nullable(),
  url: z.string(),
});
export type Question = z.infer<typeof questionSchema>;

/** The body of POST and PUT /api/jobs/{job}/questions[/{id}]. */
export const questionInputSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, 'Enter the question')
      .max(1000, 'Use at most 1000 characters'),
    thinking_time: z
      .number()
      .int()
      .refine(
        (value) => THINKING_TIMES.includes(value),
        'Choose one of the thinking times',
      )
      .default(DEFAULT_THINKING_TIME),
    time_limit: z
      .number()
      .int()
      .refine(
        (value) => TIME_LIMITS.includes(value),
        'Choose one of the time limits',
      )
      .nullish()
      .transform((value) => value ?? DEFAULT_TIME_LIMIT),
    competency: z.number().int().min(0).default(MOTIVATION_COMPETENCY),
    review_competency: z.number().int().min(1).nullable().default(null),
    media: z.enum(QUESTION_MEDIA).default('tts'),
    video_id: z.number().int().nullable().default(null),
  })
  .refine((value) => value.media !== 'video' || value.video_id !== null, {
    path: ['video_id'],
    message: 'Choose a video for this question',
  });
export type QuestionInput = z.infer<typeof questionInputSchema>;
export type QuestionFormValues = z.input<typeof questionInputSchema>;

export const questionOrderSchema = z.object({
  ids: z.array(z.number().int()).min(1).max(MAX_QUESTIONS_PER_JOB),
});
export type QuestionOrder = z.infer<typeof questionOrderSchema>;

export const bankQuestionSchema = z.object({
  id: z.number(),
  text: z.string(),
  competency: z.number().int(),
  competency_name: z.string(),
  function: z.string(),
  role: z.string(),
});
export type BankQuestion = z.infer<typeof bankQuestionSchema>;

export const bankQuestionQuerySchema = z.object({
  competency: z.coerce.number().int().min(0).optional(),
  function: z.string().trim().max(100).optional(),
  role: z.string().trim().max(100).optional(),
});
export type BankQuestionQuery = z.infer<typeof bankQuestionQuerySchema>;

export const competencySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  function: z.string(),
  role: z.string(),
});
export type Competency = z.infer<typeof competencySchema>;

export const competencyQuerySchema = z.object({
  function: z.string().trim().max(100).optional(),
  role: z.string().trim().max(100).optional(),
});
