import { apiKeyListSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (shortname: string) => ['api-keys', 'list', shortname] as const,
  requests: (shortname: string) => ['api-keys', 'requests', shortname] as const,
};

export function getApiKeys(shortname: string, signal?: AbortSignal) {
  return api.get(`/api/companies/${shortname}/api-keys`, {
    schema: apiKeyListSchema,
    signal,
  });
}

export const apiKeysQuery = (shortname: string) =>
  queryOptions({
    queryKey: apiKeyKeys.list(shortname),
    queryFn: ({ signal }) => getApiKeys(shortname, signal),
  });

export const useApiKeys = (shortname: string) =>
  useQuery(apiKeysQuery(shortname));
