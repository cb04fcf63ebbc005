import { signedInReplySchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Sets the new password; the server signs every other session out and this browser in. */
export function resetPassword(options: { token: string; password: string }) {
  return api.post(`/api/password-reset/${encodeURIComponent(options.token)}`, {
    body: { password: options.password },
    schema: signedInReplySchema,
    on401: 'throw',
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.clear(),
  });
}
