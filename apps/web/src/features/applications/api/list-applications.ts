import {
  applicationListSchema,
  type Stage,
  type StageFilter,
} from '@candor/domain';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveRefresh } from '../../../lib/live-updates';

export type ApplicationListParams = {
  stage: Stage;
  filter: StageFilter;
  page: number;
  pageSize: number;
  q: string;
};

export const applicationKeys = {
  all: ['applications'] as const,
  job: (jobId: number) => ['applications', jobId] as const,
  list: (jobId: number, params: ApplicationListParams) =>
    ['applications', jobId, 'list', params] as const,
};

export function getApplications(
  jobId: number,
  params: ApplicationListParams,
  signal?: AbortSignal,
) {
  return api.get(`/api/jobs/${jobId}/applications`, {
    query: {
      status: params.stage,
      filter: params.filter,
      page: params.page,
      page_size: params.pageSize,
      q: params.q,
    },
    schema: applicationListSchema,
    signal,
  });
}

export const applicationsQuery = (
  jobId: number,
  params: ApplicationListParams,
) =>
  queryOptions({
    queryKey: applicationKeys.list(jobId, params),
    queryFn: ({ signal }) => getApplications(jobId, params, signal),
    placeholderData: keepPreviousData,
    // The list and its stage counts follow colleagues' changes and finished interviews.
    ...liveRefresh,
  });

export const useApplications = (jobId: number, params: ApplicationListParams) =>
  useQuery(applicationsQuery(jobId, params));
