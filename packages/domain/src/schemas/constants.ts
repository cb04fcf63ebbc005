import { z } from '../zod';

const choiceSchema = z.object({ id: z.number(), name: z.string() });
export type Choice = z.infer<typeof choiceSchema>;

export const constantsSchema = z.object({
  questions: z.object({
    thinking_times: z.array(z.number().int()),
    time_limits: z.array(z.number().int()),
    default_time_limit: z.number().int(),
    default_thinking_time: z.number().int(),
  }),
  functions: z.array(choiceSchema),
  roles: z.array(choiceSchema),
  reviewers: z.object({ applicants: z.array(choiceSchema) }),
  languages: z.array(z.object({ id: z.string(), name: z.string() })),
  rating_styles: z.array(choiceSchema),
  rating_scales: z.array(z.number().int()),
  max_retakes: z.number().int(),
});
export type Constants = z.infer<typeof constantsSchema>;
