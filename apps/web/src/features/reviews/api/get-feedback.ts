import { feedbackPageSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const feedbackQuery = (job: number, token: string) =>
  queryOptions({
    queryKey: ['feedback', job, token],
    queryFn: ({ signal }) =>
      api.get(`/api/feedback/${job}/${token}`, {
        schema: feedbackPageSchema,
        signal,
        on401: 'throw',
      }),
    retry: false,
  });
export const useFeedback = (job: number, token: string) =>
  useQuery(feedbackQuery(job, token));
