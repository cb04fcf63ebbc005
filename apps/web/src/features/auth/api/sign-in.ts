import {
  checkProviderReplySchema,
  loginStatusSchema,
  type LoginBody,
} from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

/** Password or single sign-on, decided by the e-mail's domain. */
export function checkProvider(username: string) {
  return api.post('/check-provider/ajax', {
    body: { username },
    schema: checkProviderReplySchema,
  });
}

/** Succeeds when the reply is below 400 and its status is OK (spec section 5). */
export async function signIn(body: LoginBody): Promise<void> {
  const reply = await api.post('/login/ajax', {
    body,
    schema: loginStatusSchema,
    on401: 'throw',
  });
  if (reply.status !== 'OK') throw new ApiError(401, 'Not logged in');
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const provider = await checkProvider(body.username);
      if (provider.provider === 'sso' && provider.sso_url)
        return { ssoUrl: provider.sso_url };
      await signIn(body);
      return { ssoUrl: null };
    },
    // Another person may have used this browser: forget everything cached for the last session.
    onSuccess: (result) => {
      if (!result.ssoUrl) queryClient.clear();
    },
  });
}
