import { answerSchema, pagedSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

export function getAnswers(
  job: number,
  application: number,
  signal?: AbortSignal,
) {
  return api.get(`/api/jobs/${job}/answers`, {
    query: { application, page_size: 100 },
    schema: pagedSchema(answerSchema),
    signal,
  });
}

export const answersQuery = (job: number, application: number) =>
  queryOptions({
    queryKey: reviewKeys.part(job, application, 'answers'),
    queryFn: ({ signal }) => getAnswers(job, application, signal),
    select: (page) => page.results,
  });

export const useAnswers = (job: number, application: number) =>
  useQuery(answersQuery(job, application));
