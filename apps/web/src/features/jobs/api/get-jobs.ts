import { jobListSchema, type JobListQuery } from '@candor/domain';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { api, type RequestOptions } from '../../../lib/api-client';
import { getAppState, type AppState } from '../../../lib/app-state';
import { jobKeys } from '../../../lib/jobs/job-queries';
import { queryClient } from '../../../lib/query-client';

export type JobsParams = Partial<JobListQuery>;

export function getJobs(
  params: JobsParams,
  signal?: AbortSignal,
  on401?: RequestOptions<unknown>['on401'],
) {
  return api.get('/api/jobs', {
    query: params,
    schema: jobListSchema,
    signal,
    on401,
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

export const DASHBOARD_PAGE_SIZES = [10, 20, 50];
const VIEW_FILTER = {
  all: 'all',
  mine: 'created',
  assigned: 'assigned',
} as const;

/** The dashboard's list request for its filter and page (the loader's prefetch uses it too). */
export function dashboardJobsParams(
  filter: AppState['dashboardFilter'],
  page: number,
  pageSize: number,
): JobsParams {
  return {
    page,
    page_size: pageSize,
    ordering: '-created_at',
    filter: VIEW_FILTER[filter.view],
    status: filter.status === 'all' ? undefined : filter.status,
  };
}

/**
 * The dashboard route's loader: asks for the first page of the list at once, beside the
 * session's requests and the page's chunk, instead of after them (decision 084). Not awaited:
 * the page shows its skeleton as before.
 */
export function prefetchDashboardJobs(): null {
  const params = dashboardJobsParams(
    getAppState().dashboardFilter,
    1,
    DASHBOARD_PAGE_SIZES[0] ?? 10,
  );
  void queryClient.prefetchQuery({
    ...jobsQuery(params),
    // Without a session the session loader sends the visitor to sign in; this must not too.
    queryFn: ({ signal }) => getJobs(params, signal, 'throw'),
  });
  return null;
}
