import { signedInReplySchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Confirms a sign-up: the server creates the company and signs its first admin in. */
export function verifyEmail(token: string) {
  return api.post(`/api/verify-email/${encodeURIComponent(token)}`, {
    schema: signedInReplySchema,
    on401: 'throw',
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // A new session: nothing cached for whoever used this browser before may show.
    onSuccess: () => queryClient.clear(),
  });
}
