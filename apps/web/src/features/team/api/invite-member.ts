import { memberSchema, type MemberInvite } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from './get-members';

/** Invites someone, or sends a fresh link to someone already invited. */
export function inviteMember({
  shortname,
  ...body
}: MemberInvite & { shortname: string }) {
  return api.post(`/api/companies/${shortname}/members`, {
    body,
    schema: memberSchema,
  });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
