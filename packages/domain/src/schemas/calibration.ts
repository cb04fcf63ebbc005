import { z } from '../zod';

const agreementShape = {
  /** Krippendorff's ordinal alpha; null below the minimum, with the reason. */
  alpha: z.number().nullable(),
  reason: z.string().nullable(),
  /** Candidates rated by two or more reviewers, and their ratings. */
  candidates: z.number().int(),
  ratings: z.number().int(),
};

/** GET /api/jobs/{job}/calibration: how consistent the interview's panel is (issue 46). */
export const calibrationSchema = z.object({
  ...agreementShape,
  /** Each reviewer's mean offset from the others on the same candidates (a reviewer: their own line only). */
  reviewers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      offset: z.number().nullable(),
      count: z.number().int(),
      flagged: z.boolean(),
    }),
  ),
  /** The candidates the panel split on, the largest spread of ratings first. */
  split: z.array(
    z.object({
      application: z.number().int(),
      name: z.string(),
      spread: z.number(),
    }),
  ),
  /** Agreement per question, where the interview rates per question. */
  questions: z.array(
    z.object({ id: z.number().int(), text: z.string(), ...agreementShape }),
  ),
});
export type Calibration = z.infer<typeof calibrationSchema>;
