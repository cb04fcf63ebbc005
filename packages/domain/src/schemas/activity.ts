import { z } from '../zod';
import { pageQuerySchema } from './paged';

export const activitySchema = z.object({
  id: z.number(),
  job: z.object({ id: z.number(), title: z.string() }).nullable(),
  application: z.number().nullable(),
  verb: z.string(),
  /** One readable sentence as escaped HTML with names in <strong>. */
  html2: z.string(),
  /** The same sentence as plain text. */
  history: z.string(),
  /** The values the sentence names, so the web words it in the reader's language. */
  params: z.record(z.string(), z.string()),
  when: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityQuerySchema = pageQuerySchema.extend({
  page_size: z.coerce.number().int().min(1).max(100).default(8),
});
export const jobActivityQuerySchema = activityQuerySchema.extend({
  application: z.coerce.number().int().optional(),
});
