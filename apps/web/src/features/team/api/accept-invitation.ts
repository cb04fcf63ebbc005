import { signedInReplySchema, type JoinAccept } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invitationKey } from './get-invitation';

/**
 * Joins the company: a new person with their name and password (the server signs them in), an
 * account holder signed in as the invited account with an empty body.
 */
export function acceptInvitation({
  token,
  ...body
}: JoinAccept & { token: string }) {
  return api.post(`/api/join/${token}`, {
    body,
    schema: signedInReplySchema,
    on401: 'throw',
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // The session's user or their current company changed: nothing cached still holds, except
    // the invitation this page shows until it moves on (fetched again, it would be used up).
    onSuccess: (_reply, { token }) =>
      queryClient.removeQueries({
        predicate: (query) =>
          query.queryKey.join('/') !== invitationKey(token).join('/'),
      }),
  });
}
