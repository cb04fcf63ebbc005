import { intervieweeQuestionSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { intervieweeApiPath, intervieweeKeys } from './get-interview';

export function getQuestion(token: string, id: number, signal?: AbortSignal) {
  return api.get(`${intervieweeApiPath(token)}/questions/${id}`, {
    schema: intervieweeQuestionSchema,
    signal,
    on401: 'throw',
  });
}

export const questionQuery = (token: string, id: number) =>
  queryOptions({
    queryKey: intervieweeKeys.question(token, id),
    queryFn: ({ signal }) => getQuestion(token, id, signal),
    // Media URLs are signed for hours; a question is read once per visit.
    staleTime: 30 * 60 * 1000,
  });

export const useQuestion = (token: string, id: number) =>
  useQuery(questionQuery(token, id));
