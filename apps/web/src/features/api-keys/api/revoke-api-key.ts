import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeyKeys } from './get-api-keys';

/** Revokes a key: its next request is refused. */
export function revokeApiKey({
  shortname,
  id,
}: {
  shortname: string;
  id: number;
}) {
  return api.delete(`/api/companies/${shortname}/api-keys/${id}`);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
