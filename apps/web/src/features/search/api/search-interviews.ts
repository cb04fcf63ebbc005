import { jobSchema, pagedSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const SEARCH_PAGE_SIZE = 10;

/** The company's interviews, or the shared templates, whose title matches. */
export function searchInterviews(
  q: string,
  source: 'company' | 'templates',
  signal?: AbortSignal,
) {
  return api.get('/api/jobs', {
    query: {
      q,
      page_size: SEARCH_PAGE_SIZE,
      company: source === 'templates' ? 'templates' : undefined,
    },
    schema: pagedSchema(jobSchema),
    signal,
  });
}

export const interviewSearchQuery = (
  q: string,
  source: 'company' | 'templates',
) =>
  queryOptions({
    queryKey: ['search', 'interviews', source, q],
    queryFn: ({ signal }) => searchInterviews(q, source, signal),
    staleTime: 10_000,
  });

export const useSearchInterviews = (
  q: string,
  source: 'company' | 'templates',
  enabled: boolean,
) => useQuery({ ...interviewSearchQuery(q, source), enabled });
