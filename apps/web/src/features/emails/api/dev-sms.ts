import { devSmsListSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const devSmsQuery = () =>
  queryOptions({
    queryKey: ['dev-sms'] as const,
    queryFn: ({ signal }) =>
      api.get('/api/dev/sms', { schema: devSmsListSchema, signal }),
    retry: false,
  });

/** The texts a server without an SMS gateway wrote to files (development only). */
export const useDevSms = () => useQuery(devSmsQuery());
