import { reviewerInvitationSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const reviewerInvitationKey = (token: string) =>
  ['reviewer-invitation', token] as const;

/** Whom the link invites, and whether the current session is that account. */
export const reviewerInvitationQuery = (token: string) =>
  queryOptions({
    queryKey: reviewerInvitationKey(token),
    queryFn: ({ signal }) =>
      api.get(`/api/reviewer-invite/${encodeURIComponent(token)}`, {
        schema: reviewerInvitationSchema,
        signal,
        on401: 'throw',
      }),
    retry: false,
  });

export const useReviewerInvitation = (token: string) =>
  useQuery(reviewerInvitationQuery(token));
