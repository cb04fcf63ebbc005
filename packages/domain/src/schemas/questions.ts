import { z } from '../zod';
import {
  ANSWER_TYPES,
  optionsProblem,
  type AnswerTypeFields,
  choiceOptionInputSchema,
  choiceOptionSchema,
  MAX_CHOICE_OPTIONS,
  MAX_TEXT_ANSWER_CHARACTERS,
  MIN_CHOICE_OPTIONS,
} from '../answer-types/answer-types';
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
  /** How the candidate answers (decision 192): a recording, typed text or a choice. */
  answer_type: z.enum(ANSWER_TYPES),
  /** A text question's limit; null for none beyond 10,000 characters. */
  max_characters: z.number().int().nullable(),
  /** A choice question's options, in order; empty for other types. */
  options: z.array(choiceOptionSchema),
  /** Whether several options may be chosen. */
  multiple: z.boolean(),
  /**
   * A spoken question's audio: rendered by the worker when the question is saved ('rendering'
   * until then), or 'failed' while a failed render is tried again. Null for a video question.
   */
  speech_status: z.enum(['rendering', 'ready', 'failed']).nullable(),
  /**
   * Whether the candidate's player shows captions (decision 199): a video question's once
   * saved at `{url}/captions`; a spoken question's always, made from its text.
   */
  has_captions: z.boolean(),
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
    // 0 is "no time limit", which only a typed or chosen answer may have: the saved question
    // reads back as a body the same schema takes.
    time_limit: z
      .number()
      .int()
      .refine(
        (value) => value === 0 || TIME_LIMITS.includes(value),
        'Choose one of the time limits',
      )
      .nullish(),
    competency: z.number().int().min(0).default(MOTIVATION_COMPETENCY),
    review_competency: z.number().int().min(1).nullable().default(null),
    media: z.enum(QUESTION_MEDIA).default('tts'),
    video_id: z.number().int().nullable().default(null),
    answer_type: z.enum(ANSWER_TYPES).default('video'),
    max_characters: z
      .number()
      .int()
      .min(1, 'Allow at least 1 character')
      .max(
        MAX_TEXT_ANSWER_CHARACTERS,
        `Allow at most ${MAX_TEXT_ANSWER_CHARACTERS.toLocaleString('en-GB')} characters`,
      )
      .nullable()
      .default(null),
    options: z
      .array(choiceOptionInputSchema)
      .max(
        MAX_CHOICE_OPTIONS,
        `Give between ${MIN_CHOICE_OPTIONS} and ${MAX_CHOICE_OPTIONS} options`,
      )
      .default([]),
    multiple: z.boolean().default(false),
  })
  .refine((value) => value.media !== 'video' || value.video_id !== null, {
    path: ['video_id'],
    message: 'Choose a video for this question',
  })
  .refine((value) => value.answer_type !== 'video' || value.time_limit !== 0, {
    path: ['time_limit'],
    message: 'Choose one of the time limits',
  })
  .refine((value) => optionsProblem(value) === null, {
    path: ['options'],
    error: (issue) => optionsProblem(issue.input as AnswerTypeFields) ?? '',
  })
  // A recording has a time limit (the default when none is given); typed text may have one;
  // a choice has none. Only a recording has thinking time before its clock, only text keeps a
  // character limit, only a choice its options.
  .transform((value) => ({
    ...value,
    thinking_time: value.answer_type === 'video' ? value.thinking_time : 0,
    time_limit:
      value.answer_type === 'choice'
        ? 0
        : (value.time_limit ??
          (value.answer_type === 'video' ? DEFAULT_TIME_LIMIT : 0)),
    max_characters: value.answer_type === 'text' ? value.max_characters : null,
    multiple: value.answer_type === 'choice' && value.multiple,
  }));
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
