import { z } from '../zod';
import {
  SURVEY_CATEGORIES,
  SURVEY_GROUPS,
} from '../fairness/survey-categories';
import { pathId } from './path-id';

export const surveyCategorySchema = z.enum(SURVEY_CATEGORIES);

/**
 * PUT /api/interviewee/{token}/survey: one answer per category the company asks, each
 * optional (a blank one counts as "Prefer not to say").
 */
export const surveyAnswersSchema = z
  .object({
    gender: z.enum(SURVEY_GROUPS.gender).optional(),
    ethnicity: z.enum(SURVEY_GROUPS.ethnicity).optional(),
    age_band: z.enum(SURVEY_GROUPS.age_band).optional(),
    disability: z.enum(SURVEY_GROUPS.disability).optional(),
  })
  .strict();
export type SurveyAnswersBody = z.infer<typeof surveyAnswersSchema>;

/** The categories stored with the company: a known list, each once, in the standard order. */
export const surveyCategoriesSchema = z
  .array(surveyCategorySchema)
  .transform((categories) =>
    SURVEY_CATEGORIES.filter((category) => categories.includes(category)),
  );

export const adverseImpactQuerySchema = z.object({
  /** One interview, or every interview of the company when left out. */
  job: pathId.optional(),
});

const impactRowSchema = z.object({
  group: z.string(),
  total: z.number().int().nullable(),
  selected: z.number().int().nullable(),
  rate: z.number().nullable(),
  impact_ratio: z.number().nullable(),
  below_four_fifths: z.boolean().nullable(),
  fisher_p: z.number().nullable(),
  masked: z.boolean(),
});

/** GET /api/companies/{shortname}/adverse-impact: figures per group, small groups masked. */
export const adverseImpactReportSchema = z.object({
  job: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** Groups smaller than this are masked. */
  min_group: z.number().int(),
  survey_enabled: z.boolean(),
  categories: z.array(
    z.object({
      category: surveyCategorySchema,
      stages: z.array(
        z.object({
          /** From those who reached `from`, the share who reached `stage`. */
          from: z.enum(['responded']),
          stage: z.enum(['shortlisted']),
          rows: z.array(impactRowSchema),
        }),
      ),
    }),
  ),
});
export type AdverseImpactReport = z.infer<typeof adverseImpactReportSchema>;
