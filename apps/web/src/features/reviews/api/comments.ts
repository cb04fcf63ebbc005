import { commentSchema, reviewCommentSchema } from '@candor/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

export const commentsQuery = (job: number, application: number) =>
  queryOptions({
    queryKey: reviewKeys.part(job, application, 'comments'),
    queryFn: ({ signal }) =>
      api.get(`/api/jobs/${job}/comments`, {
        query: { application },
        schema: z.array(commentSchema),
        signal,
      }),
  });
export const useComments = (job: number, application: number) =>
  useQuery(commentsQuery(job, application));

type PostComment = {
  job: number;
  application: number;
  userId: number;
  comment: string;
  feedback?: boolean;
};

export function postComment({
  job,
  application,
  userId,
  comment,
  feedback = false,
}: PostComment) {
  return api.post(`/api/jobs/${job}/comments`, {
    body: { application, comment, user: userId, feedback },
    schema: commentSchema,
  });
}

export function usePostComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postComment,
    onSuccess: (_, input) =>
      queryClient.invalidateQueries({
        queryKey: reviewKeys.application(input.job, input.application),
      }),
  });
}

export const reviewCommentsQuery = (job: number, application: number) =>
  queryOptions({
    queryKey: reviewKeys.part(job, application, 'reviewcomments'),
    queryFn: ({ signal }) =>
      api.get(`/api/jobs/${job}/reviewcomments`, {
        query: { application },
        schema: z.array(reviewCommentSchema),
        signal,
      }),
  });
export const useReviewComments = (job: number, application: number) =>
  useQuery(reviewCommentsQuery(job, application));

type SaveReviewComment = {
  job: number;
  application: number;
  userId: number;
  question: number | null;
  comment: string;
};

/** Replaces the reviewer's own note on the question (overwrite flag), or adds the first one. */
export function saveReviewComment({
  job,
  application,
  userId,
  question,
  comment,
}: SaveReviewComment) {
  return api.post(`/api/jobs/${job}/reviewcomments`, {
    body: { application, comment, question, reviewer: userId, overwrite: true },
    schema: reviewCommentSchema,
  });
}

export function useSaveReviewComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReviewComment,
    onSuccess: (_, input) =>
      queryClient.invalidateQueries({
        queryKey: reviewKeys.application(input.job, input.application),
      }),
  });
}
