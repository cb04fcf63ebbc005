import { applicationListSchema, type ApplicationReply } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

/** The stages whose interviewees have answered: the ones worth comparing. */
const ANSWERED_STAGES = ['Responded', 'Reviewed', 'Outcomes'] as const;

/**
 * Everyone the caller may review who has recorded an answer. The list API already leaves out
 * applicants a reviewer may not see, so this shows exactly what it gets.
 */
export async function getCompareCandidates(
  job: number,
  signal?: AbortSignal,
): Promise<ApplicationReply[]> {
  const lists = await Promise.all(
    ANSWERED_STAGES.map((status) =>
      api.get(`/api/jobs/${job}/applications`, {
        query: { status, page_size: 100 },
        schema: applicationListSchema,
        signal,
      }),
    ),
  );
  return lists
    .flatMap((list) => list.results)
    .filter((application) => application.answer_count > 0);
}

export const compareCandidatesQuery = (job: number) =>
  queryOptions({
    queryKey: [...reviewKeys.all, job, 'compare-candidates'] as const,
    queryFn: ({ signal }) => getCompareCandidates(job, signal),
  });

export const useCompareCandidates = (job: number) =>
  useQuery(compareCandidatesQuery(job));
