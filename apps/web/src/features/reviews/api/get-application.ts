import { applicationSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { liveRefresh } from '../../../lib/live-updates';
import { reviewKeys } from './keys';

export function getApplication(
  job: number,
  application: number,
  signal?: AbortSignal,
) {
  return api.get(`/api/jobs/${job}/applications/${application}`, {
    schema: applicationSchema,
    signal,
  });
}

export const applicationQuery = (job: number, application: number) =>
  queryOptions({
    queryKey: reviewKeys.part(job, application, 'application'),
    queryFn: ({ signal }) => getApplication(job, application, signal),
    // A colleague's stage change or decision shows without a reload.
    ...liveRefresh,
  });

export const useApplication = (job: number, application: number) =>
  useQuery(applicationQuery(job, application));

/** The applicant after this one in the same stage (null at the end). */
export function getNextApplication(job: number, application: number) {
  return api.get(`/api/jobs/${job}/applications/${application}/next`, {
    schema: z.object({ next: applicationSchema.nullable() }),
  });
}
