import { linkSentReplySchema, type SignupBody } from '@candor/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Starts a sign-up: the server e-mails a confirmation link and creates nothing yet. */
export function signUp(body: SignupBody) {
  return api.post('/api/signup', {
    body,
    schema: linkSentReplySchema,
    on401: 'throw',
  });
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
