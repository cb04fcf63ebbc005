import { devMailListSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getDevMail(signal?: AbortSignal) {
  return api.get('/api/dev/mail', { schema: devMailListSchema, signal });
}

export const devMailQuery = () =>
  queryOptions({
    queryKey: ['dev-mail'] as const,
    queryFn: ({ signal }) => getDevMail(signal),
    retry: false,
  });

export const useDevMail = () => useQuery(devMailQuery());

/** The raw message, opened in a new tab. */
export const devMailFileUrl = (name: string) =>
  `/api/dev/mail/${encodeURIComponent(name)}`;
