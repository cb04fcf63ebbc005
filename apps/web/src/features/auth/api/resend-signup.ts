import { linkSentReplySchema } from '@candor/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A fresh confirmation link for a sign-up not yet confirmed (the reply is the same for any address). */
export function resendSignup(email: string) {
  return api.post('/api/signup/resend', {
    body: { email },
    schema: linkSentReplySchema,
    on401: 'throw',
  });
}

export const useResendSignup = () => useMutation({ mutationFn: resendSignup });
