import { intervieweeStatusReplySchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { intervieweeApiPath, intervieweeKeys } from './get-interview';

export function declineInterview(token: string, reason: string) {
  return api.post(`${intervieweeApiPath(token)}/decline`, {
    body: { reason },
    schema: intervieweeStatusReplySchema,
    on401: 'throw',
  });
}

export function useDeclineInterview(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => declineInterview(token, reason),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: intervieweeKeys.interview(token),
      }),
  });
}
