import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from './get-members';

/** Removes a member, or withdraws an invitation. */
export function removeMember({
  shortname,
  id,
}: {
  shortname: string;
  id: number;
}) {
  return api.delete(`/api/companies/${shortname}/members/${id}`);
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
