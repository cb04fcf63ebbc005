import { sharedCandidateSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sharedPageKey = (key: string) => ['shared', key] as const;

export const sharedPageQuery = (key: string) =>
  queryOptions({
    queryKey: sharedPageKey(key),
    queryFn: ({ signal }) =>
      api.get(`/api/shared/${key}`, {
        schema: sharedCandidateSchema,
        signal,
        on401: 'throw',
      }),
    retry: false,
    // Each load is a view in the company's activity: only a reload of the page counts.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useSharedPage = (key: string) => useQuery(sharedPageQuery(key));
