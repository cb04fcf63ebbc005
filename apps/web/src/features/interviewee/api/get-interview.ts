import { intervieweeInterviewSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const intervieweeKeys = {
  interview: (token: string) => ['interviewee', 'interview', token] as const,
  question: (token: string, id: number) =>
    ['interviewee', 'question', token, id] as const,
};

export const intervieweeApiPath = (token: string) =>
  `/api/interviewee/${encodeURIComponent(token)}`;

export function getInterview(token: string, signal?: AbortSignal) {
  return api.get(intervieweeApiPath(token), {
    schema: intervieweeInterviewSchema,
    signal,
    on401: 'throw',
  });
}

export const interviewQuery = (token: string) =>
  queryOptions({
    queryKey: intervieweeKeys.interview(token),
    queryFn: ({ signal }) => getInterview(token, signal),
  });

export const useInterview = (token: string) => useQuery(interviewQuery(token));
