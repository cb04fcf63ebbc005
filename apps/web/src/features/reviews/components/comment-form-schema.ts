import { commentBodySchema } from '@candor/domain';
import { z } from 'zod';

/**
 * The comment field of the comment and feedback forms: the API's rule (trimmed, at most 5,000
 * characters), with the form's own words when it is left empty.
 */
export function commentFormSchema(required: string) {
  return z.object({
    comment: z
      .string()
      .trim()
      .min(1, required)
      .pipe(commentBodySchema.shape.comment),
  });
}
export type CommentForm = z.input<ReturnType<typeof commentFormSchema>>;
