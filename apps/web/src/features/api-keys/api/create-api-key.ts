import { apiKeyCreatedSchema, type ApiKeyCreate } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeyKeys } from './get-api-keys';

/** A new key; the reply carries its secret, which no later request returns. */
export function createApiKey({
  shortname,
  ...body
}: ApiKeyCreate & { shortname: string }) {
  return api.post(`/api/companies/${shortname}/api-keys`, {
    body,
    schema: apiKeyCreatedSchema,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
