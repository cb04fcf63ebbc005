import { joinInvitationSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const invitationKey = (token: string) =>
  ['team', 'invitation', token] as const;

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: invitationKey(token),
    queryFn: ({ signal }) =>
      api.get(`/api/join/${token}`, {
        schema: joinInvitationSchema,
        signal,
        on401: 'throw',
      }),
    retry: false,
  });

export const useInvitation = (token: string) =>
  useQuery(invitationQuery(token));
