import { emailConfirmedReplySchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/session';
import { accountKeys } from './get-account';

export function confirmEmail(token: string) {
  return api.post(`/api/confirm-email/${encodeURIComponent(token)}`, {
    schema: emailConfirmedReplySchema,
  });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // A session open in this browser shows the new address at once.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
      ]),
  });
}
