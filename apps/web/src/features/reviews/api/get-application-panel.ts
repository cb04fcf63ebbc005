import { applicationPanelSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveRefreshUnlessRefused } from '../../../lib/live-updates';
import { reviewKeys } from './keys';

/** Who on the panel has completed their review of this interviewee; 403 for a blind reviewer. */
export function getApplicationPanel(
  job: number,
  application: number,
  signal?: AbortSignal,
) {
  return api.get(`/api/jobs/${job}/applications/${application}/panel`, {
    schema: applicationPanelSchema,
    signal,
  });
}

export const applicationPanelQuery = (job: number, application: number) =>
  queryOptions({
    // Under the application's key: completing a review invalidates it with the rest.
    queryKey: reviewKeys.part(job, application, 'panel'),
    queryFn: ({ signal }) => getApplicationPanel(job, application, signal),
    ...liveRefreshUnlessRefused,
  });

export const useApplicationPanel = (job: number, application: number) =>
  useQuery(applicationPanelQuery(job, application));
