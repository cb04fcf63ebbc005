import type { SatisfactionAnswer } from '@candor/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { intervieweeApiPath } from './get-interview';

/** "How was this interview?" after the last answer (204); sending again replaces the answer. */
export function rateInterview(token: string, answer: SatisfactionAnswer) {
  return api.put(`${intervieweeApiPath(token)}/satisfaction`, {
    body: answer,
    on401: 'throw',
  });
}

export function useRateInterview(token: string) {
  return useMutation({
    mutationFn: (answer: SatisfactionAnswer) => rateInterview(token, answer),
  });
}
