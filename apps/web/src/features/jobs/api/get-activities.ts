import { activitySchema, pagedSchema, PAGE_SIZES } from '@candor/domain';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getActivities(page: number, signal?: AbortSignal) {
  return api.get('/api/activities', {
    query: { page_size: PAGE_SIZES.activity, page },
    schema: pagedSchema(activitySchema),
    signal,
  });
}

export const activitiesQuery = (page: number) =>
  queryOptions({
    queryKey: ['activities', 'company', page] as const,
    queryFn: ({ signal }) => getActivities(page, signal),
    placeholderData: keepPreviousData,
  });

export const useActivities = (page: number) => useQuery(activitiesQuery(page));
