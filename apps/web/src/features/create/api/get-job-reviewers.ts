import { reviewerSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** The review panel's key of features/reviewers, so its changes refresh the summary too. */
export const jobReviewersKey = (jobId: number) => ['reviewers', jobId] as const;

export function getJobReviewers(jobId: number, signal?: AbortSignal) {
  return api.get(`/api/jobs/${jobId}/reviewers`, {
    schema: z.array(reviewerSchema),
    signal,
  });
}

export const jobReviewersQuery = (jobId: number) =>
  queryOptions({
    queryKey: jobReviewersKey(jobId),
    queryFn: ({ signal }) => getJobReviewers(jobId, signal),
  });

/** Who reviews the interview, for the summary's Review panel item. */
export const useJobReviewers = (jobId: number) =>
  useQuery(jobReviewersQuery(jobId));
