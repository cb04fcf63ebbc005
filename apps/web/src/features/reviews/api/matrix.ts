import {
  matrixOptionsReplySchema,
  matrixReviewSchema,
  matrixSubmissionReplySchema,
} from '@candor/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

export const matrixOptionsQuery = (job: number) =>
  queryOptions({
    queryKey: reviewKeys.options(job),
    queryFn: ({ signal }) =>
      api.get(`/api/jobs/${job}/matrixreviewoptions`, {
        schema: matrixOptionsReplySchema,
        signal,
      }),
    staleTime: Infinity,
  });
export const useMatrixOptions = (job: number) =>
  useQuery(matrixOptionsQuery(job));

export const matrixReviewsQuery = (job: number, application: number) =>
  queryOptions({
    queryKey: reviewKeys.part(job, application, 'matrixreviews'),
    queryFn: ({ signal }) =>
      api.get(`/api/jobs/${job}/matrixreviews`, {
        query: { application },
        schema: z.array(matrixReviewSchema),
        signal,
      }),
  });
export const useMatrixReviews = (job: number, application: number) =>
  useQuery(matrixReviewsQuery(job, application));

type MatrixChoice = {
  job: number;
  application: number;
  question: number | null;
  indicator: number;
  level: number;
};

/** The server applies same-level-removes, other-level-replaces, none-creates. */
export function submitMatrixChoice({ job, ...body }: MatrixChoice) {
  return api.post(`/api/jobs/${job}/matrixreviews`, {
    body: { ...body, competency: 0 },
    schema: matrixSubmissionReplySchema,
  });
}

export function useSubmitMatrixChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitMatrixChoice,
    onSuccess: (_, input) =>
      queryClient.invalidateQueries({
        queryKey: reviewKeys.application(input.job, input.application),
      }),
  });
}
