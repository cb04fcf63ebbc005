import { z } from '../zod';

/** "How was this interview?": 1 (very poor) to 5 (excellent), asked once the interview is in. */
export const SATISFACTION_SCORES = [1, 2, 3, 4, 5] as const;
export const SATISFACTION_COMMENT_MAX = 1000;

export const satisfactionAnswerSchema = z
  .object({
    rating: z
      .number({ error: 'Choose a score from 1 to 5.' })
      .int('Choose a score from 1 to 5.')
      .min(1, 'Choose a score from 1 to 5.')
      .max(5, 'Choose a score from 1 to 5.'),
    comment: z
      .string()
      .trim()
      .max(
        SATISFACTION_COMMENT_MAX,
        `Keep the comment to ${SATISFACTION_COMMENT_MAX} characters.`,
      )
      .default(''),
  })
  .strict();
export type SatisfactionAnswer = z.input<typeof satisfactionAnswerSchema>;

/** How many candidates gave each score, index 0 for a 1. */
export type SatisfactionDistribution = [number, number, number, number, number];

export type SatisfactionSummary = {
  satisfaction_responses: number;
  /** The mean score to one decimal place; null when nobody answered. */
  satisfaction_average: number | null;
  satisfaction_distribution: SatisfactionDistribution;
};

/** The figures of a set of answers, from the count of each score. */
export function summariseSatisfaction(
  counts: ReadonlyArray<{ rating: number; count: number }>,
): SatisfactionSummary {
  const distribution = SATISFACTION_SCORES.map((score) =>
    counts
      .filter((row) => row.rating === score)
      .reduce((sum, row) => sum + row.count, 0),
  ) as SatisfactionDistribution;
  const responses = distribution.reduce((sum, count) => sum + count, 0);
  const total = distribution.reduce(
    (sum, count, index) => sum + count * (index + 1),
    0,
  );
  return {
    satisfaction_responses: responses,
    satisfaction_average:
      responses === 0 ? null : Math.round((total / responses) * 10) / 10,
    satisfaction_distribution: distribution,
  };
}

export const satisfactionFiguresShape = {
  satisfaction_responses: z.number().int(),
  satisfaction_average: z.number().nullable(),
  satisfaction_distribution: z.tuple([
    z.number().int(),
    z.number().int(),
    z.number().int(),
    z.number().int(),
    z.number().int(),
  ]),
};

/** A comment as the Reports page lists it: the interview and score, never who wrote it. */
export const satisfactionCommentSchema = z.object({
  job_id: z.number(),
  rating: z.number().int(),
  comment: z.string(),
});
export type SatisfactionComment = z.infer<typeof satisfactionCommentSchema>;
