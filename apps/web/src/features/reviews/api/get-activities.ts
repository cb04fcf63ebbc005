import { activitySchema, pagedSchema } from '@candor/domain';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

export const ACTIVITY_PAGE_SIZE = 8;

export const activitiesQuery = (
  job: number,
  application: number,
  page: number,
) =>
  queryOptions({
    queryKey: [...reviewKeys.part(job, application, 'activities'), page],
    queryFn: ({ signal }) =>
      api.get(`/api/jobs/${job}/activities`, {
        query: { application, page, page_size: ACTIVITY_PAGE_SIZE },
        schema: pagedSchema(activitySchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useActivities = (job: number, application: number, page: number) =>
  useQuery(activitiesQuery(job, application, page));
