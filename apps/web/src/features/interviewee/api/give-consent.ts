import { intervieweeStatusReplySchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { intervieweeApiPath, intervieweeKeys } from './get-interview';

export function giveConsent(token: string) {
  return api.post(`${intervieweeApiPath(token)}/consent`, {
    body: { consent: true },
    schema: intervieweeStatusReplySchema,
    on401: 'throw',
  });
}

export function useGiveConsent(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => giveConsent(token),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: intervieweeKeys.interview(token),
      }),
  });
}
