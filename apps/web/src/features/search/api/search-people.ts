import { applicationSearchReplySchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function searchPeople(q: string, signal?: AbortSignal) {
  return api.get('/api/applications', {
    query: { q },
    schema: applicationSearchReplySchema,
    signal,
  });
}

export const peopleSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['search', 'people', q],
    queryFn: ({ signal }) => searchPeople(q, signal),
    staleTime: 10_000,
  });

export const useSearchPeople = (q: string, enabled: boolean) =>
  useQuery({ ...peopleSearchQuery(q), enabled });
