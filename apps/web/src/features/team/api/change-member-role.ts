import { memberSchema, type MemberRole } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from './get-members';

export type ChangeMemberRole = {
  shortname: string;
  id: number;
  role: MemberRole;
};

export function changeMemberRole({ shortname, id, role }: ChangeMemberRole) {
  return api.patch(`/api/companies/${shortname}/members/${id}`, {
    body: { role },
    schema: memberSchema,
  });
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
