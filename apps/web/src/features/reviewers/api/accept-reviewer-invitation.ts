import {
  reviewerInvitationAcceptedSchema,
  type ReviewerInvitationAccept,
} from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewerInvitationKey } from './get-reviewer-invitation';

export function acceptReviewerInvitation(
  token: string,
  body: ReviewerInvitationAccept,
) {
  return api.post(`/api/reviewer-invite/${encodeURIComponent(token)}`, {
    body,
    schema: reviewerInvitationAcceptedSchema,
    on401: 'throw',
  });
}

/**
 * Accepts the invitation: a new person with the password they chose (the server then signs
 * them in), an account holder signed in as themselves with nothing. Every other cached read
 * is stale after it (the session, and the jobs the person may now see); the used link is not
 * read again.
 */
export function useAcceptReviewerInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewerInvitationAccept) =>
      acceptReviewerInvitation(token, body),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] !== reviewerInvitationKey(token)[0],
      }),
  });
}
