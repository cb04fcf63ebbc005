import {
  answerReviewSchema,
  reviewChangeReplySchema,
  reviewSchema,
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

export const reviewsQuery = (job: number, application: number) =>
  queryOptions({
    queryKey: reviewKeys.part(job, application, 'reviews'),
    queryFn: ({ signal }) =>
      api.get(`/api/jobs/${job}/reviews`, {
        query: { application },
        schema: z.array(reviewSchema),
        signal,
      }),
  });
export const useReviews = (job: number, application: number) =>
  useQuery(reviewsQuery(job, application));

export const answerReviewsQuery = (job: number, application: number) =>
  queryOptions({
    queryKey: reviewKeys.part(job, application, 'answerreviews'),
    queryFn: ({ signal }) =>
      api.get(`/api/jobs/${job}/answerreviews`, {
        query: { application },
        schema: z.array(answerReviewSchema),
        signal,
      }),
  });
export const useAnswerReviews = (job: number, application: number) =>
  useQuery(answerReviewsQuery(job, application));

type SaveRating = {
  job: number;
  application: number;
  userId: number;
  rating: number;
  id?: number | undefined;
};

/** Created when no id exists, updated otherwise (spec section 4). */
export function saveReview({
  job,
  application,
  userId,
  rating,
  id,
}: SaveRating) {
  const body = { rating, application, user: userId };
  const schema = reviewSchema.extend(reviewChangeReplySchema.shape);
  return id === undefined
    ? api.post(`/api/jobs/${job}/reviews`, { body, schema })
    : api.put(`/api/jobs/${job}/reviews/${id}`, { body, schema });
}

export function saveAnswerReview({
  job,
  userId,
  rating,
  id,
  answer,
}: SaveRating & { answer: number }) {
  const body = { rating, answer, user: userId };
  const schema = answerReviewSchema.extend(reviewChangeReplySchema.shape);
  return id === undefined
    ? api.post(`/api/jobs/${job}/answerreviews`, { body, schema })
    : api.put(`/api/jobs/${job}/answerreviews/${id}`, { body, schema });
}

function useInvalidateApplication() {
  const queryClient = useQueryClient();
  return (job: number, application: number) =>
    queryClient.invalidateQueries({
      queryKey: reviewKeys.application(job, application),
    });
}

export function useSaveReview() {
  const invalidate = useInvalidateApplication();
  return useMutation({
    mutationFn: saveReview,
    onSuccess: (_, input) => invalidate(input.job, input.application),
  });
}

export function useSaveAnswerReview() {
  const invalidate = useInvalidateApplication();
  return useMutation({
    mutationFn: saveAnswerReview,
    onSuccess: (_, input) => invalidate(input.job, input.application),
  });
}
