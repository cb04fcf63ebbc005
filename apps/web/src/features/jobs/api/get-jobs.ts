import { jobListSchema, type JobListQuery } from '@candor/domain';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/jobs/job-queries';

export type JobsParams = Partial<JobListQuery>;

export function getJobs(params: JobsParams, signal?: AbortSignal) {
  return api.get('/api/jobs', {
    query: params,
    schema: jobListSchema,
    signal,
  });
}

export const jobsQuery = (params: JobsParams) =>
  queryOptions({
    queryKey: jobKeys.list(params),
    queryFn: ({ signal }) => getJobs(params, signal),
    // Paging and filtering keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useJobs = (params: JobsParams) => useQuery(jobsQuery(params));
