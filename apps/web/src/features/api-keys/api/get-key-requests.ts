import { apiKeyRequestListSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiKeyKeys } from './get-api-keys';

export function getKeyRequests(shortname: string, signal?: AbortSignal) {
  return api.get(`/api/companies/${shortname}/api-keys/requests`, {
    schema: apiKeyRequestListSchema,
    signal,
  });
}

export const keyRequestsQuery = (shortname: string) =>
  queryOptions({
    queryKey: apiKeyKeys.requests(shortname),
    queryFn: ({ signal }) => getKeyRequests(shortname, signal),
  });

export const useKeyRequests = (shortname: string) =>
  useQuery(keyRequestsQuery(shortname));
