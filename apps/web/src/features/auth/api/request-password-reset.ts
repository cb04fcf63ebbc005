import { linkSentReplySchema } from '@candor/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** E-mails a reset link if an account uses the address; the reply never says whether one does. */
export function requestPasswordReset(email: string) {
  return api.post('/api/password-reset', {
    body: { email },
    schema: linkSentReplySchema,
    on401: 'throw',
  });
}

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: requestPasswordReset });
