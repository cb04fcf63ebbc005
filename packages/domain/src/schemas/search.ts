import { z } from '../zod';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../durations';

export const applicationSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(
      SEARCH_MIN_LENGTH,
      `Type at least ${SEARCH_MIN_LENGTH} characters to search`,
    )
    .max(
      SEARCH_MAX_LENGTH,
      `Type at most ${SEARCH_MAX_LENGTH} characters to search`,
    ),
  job: z.coerce.number().int().optional(),
});

export const applicationSearchResultSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  job: z.object({ id: z.number(), title: z.string(), status: z.string() }),
  answer_count: z.number().int(),
  has_answers: z.boolean(),
  /** The spec's search status label (section 4), e.g. 'Not reviewed', 'Expired'. */
  status_label: z.string(),
  /** The label's i18n key and colour (packages/domain/src/applications/status-labels.ts). */
  status_key: z.string(),
  status_tone: z.enum(['green', 'amber', 'red', 'grey']),
  /** Hover text for Withdrawn: the reason given. */
  status_reason: z.string().nullable(),
  incomplete: z.boolean(),
  /** Why the latest text failed ("Text undelivered"); null otherwise, and for reviewers. */
  text_undelivered: z.string().nullable(),
  /** "Did not meet a requirement": the questions answered with a knockout option; null if none. */
  knockout: z.string().nullable(),
  /** Stage tab and filter for the job page link of a result without answers. */
  stage: z.string(),
  filter: z.string(),
});
export type ApplicationSearchResult = z.infer<
  typeof applicationSearchResultSchema
>;

export const applicationSearchReplySchema = z.object({
  count: z.number().int(),
  /** More people match than were returned: a longer query narrows it down. */
  more: z.boolean(),
  results: z.array(applicationSearchResultSchema),
});
export type ApplicationSearchReply = z.infer<
  typeof applicationSearchReplySchema
>;

/** At most this many people come back; the drawer asks for a longer query beyond that. */
export const SEARCH_RESULT_LIMIT = 20;
