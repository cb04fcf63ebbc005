import { jobPanelSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveRefreshUnlessRefused } from '../../../lib/live-updates';
import { applicationKeys } from './list-applications';

/** Each panel member's progress on this interview; 403 for a blind reviewer. */
export function getJobPanel(jobId: number, signal?: AbortSignal) {
  return api.get(`/api/jobs/${jobId}/panel`, {
    schema: jobPanelSchema,
    signal,
  });
}

export const jobPanelQuery = (jobId: number) =>
  queryOptions({
    // Under the job's applications key: a completed review or a stage change invalidates it.
    queryKey: [...applicationKeys.job(jobId), 'panel'] as const,
    queryFn: ({ signal }) => getJobPanel(jobId, signal),
    ...liveRefreshUnlessRefused,
  });

export const useJobPanel = (jobId: number) => useQuery(jobPanelQuery(jobId));
