import { reviewerInvitationSchema } from '@candor/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['reviewer-invitation', token],
    queryFn: ({ signal }) =>
      api.get(`/api/reviewer-invite/${token}`, {
        schema: reviewerInvitationSchema,
        signal,
        on401: 'throw',
      }),
    retry: false,
  });
export const useInvitation = (token: string) =>
  useQuery(invitationQuery(token));

/** Sets the reviewer's password; the server signs them in. */
export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      api.post(`/api/reviewer-invite/${token}`, {
        body: { password },
        schema: z.object({ status: z.literal('OK') }),
        on401: 'throw',
      }),
  });
}
