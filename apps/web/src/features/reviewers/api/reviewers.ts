import {
  applicationListSchema,
  reviewerInviteReplySchema,
  reviewerSchema,
  STAGES,
  type ReviewerCreate,
  type ReviewerUpdate,
} from '@candor/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const reviewerKeys = {
  all: ['reviewers'] as const,
  job: (job: number) => ['reviewers', job] as const,
  applicants: (job: number) => ['reviewers', job, 'applicants'] as const,
};

export const jobReviewersQuery = (job: number) =>
  queryOptions({
    queryKey: reviewerKeys.job(job),
    queryFn: ({ signal }) =>
      api.get(`/api/jobs/${job}/reviewers`, {
        schema: z.array(reviewerSchema),
        signal,
      }),
  });
export const useJobReviewers = (job: number) =>
  useQuery(jobReviewersQuery(job));

/** Every interviewee of the job (each stage's first 100), to choose whom a reviewer sees. */
export const jobApplicantsQuery = (job: number) =>
  queryOptions({
    queryKey: reviewerKeys.applicants(job),
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        STAGES.map((status) =>
          api.get(`/api/jobs/${job}/applications`, {
            query: { status, page_size: 100 },
            schema: applicationListSchema,
            signal,
          }),
        ),
      );
      return pages.flatMap((page) => page.results);
    },
  });
export const useJobApplicants = (job: number, enabled: boolean) =>
  useQuery({ ...jobApplicantsQuery(job), enabled });

function useInvalidate(job: number) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: reviewerKeys.job(job) });
}

export function useAddReviewer(job: number) {
  const invalidate = useInvalidate(job);
  return useMutation({
    mutationFn: (body: ReviewerCreate) =>
      api.post(`/api/jobs/${job}/reviewers`, { body, schema: reviewerSchema }),
    onSuccess: invalidate,
  });
}

export function useUpdateReviewer(job: number) {
  const invalidate = useInvalidate(job);
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewerUpdate & { id: number }) =>
      api.patch(`/api/jobs/${job}/reviewers/${id}`, {
        body,
        schema: reviewerSchema,
      }),
    onSuccess: invalidate,
  });
}

export function useInviteReviewer(job: number) {
  const invalidate = useInvalidate(job);
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/api/jobs/${job}/reviewers/${id}/invite`, {
        schema: reviewerInviteReplySchema,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteReviewer(job: number) {
  const invalidate = useInvalidate(job);
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/jobs/${job}/reviewers/${id}`),
    onSuccess: invalidate,
  });
}
