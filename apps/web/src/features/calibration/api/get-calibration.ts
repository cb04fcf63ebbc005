import { calibrationSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/jobs/job-queries';

export function getCalibration(jobId: number, signal?: AbortSignal) {
  return api.get(`/api/jobs/${jobId}/calibration`, {
    schema: calibrationSchema,
    signal,
  });
}

export const calibrationQuery = (jobId: number) =>
  queryOptions({
    queryKey: [...jobKeys.detail(jobId), 'calibration'] as const,
    queryFn: ({ signal }) => getCalibration(jobId, signal),
  });

export const useCalibration = (jobId: number) =>
  useQuery(calibrationQuery(jobId));
