import { accountSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const accountKeys = { all: ['account'] as const };

export function getAccount(signal?: AbortSignal) {
  return api.get('/api/account', { schema: accountSchema, signal });
}

export const accountQuery = queryOptions({
  queryKey: accountKeys.all,
  queryFn: ({ signal }) => getAccount(signal),
});

export function useAccount() {
  return useQuery(accountQuery);
}
