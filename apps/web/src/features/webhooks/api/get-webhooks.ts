import { webhookEndpointListSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (shortname: string) => ['webhooks', 'list', shortname] as const,
  detail: (shortname: string, id: number) =>
    ['webhooks', 'detail', shortname, id] as const,
  deliveries: (shortname: string, id: number, page: number) =>
    ['webhooks', 'deliveries', shortname, id, page] as const,
};

export const webhooksPath = (shortname: string) =>
  `/api/companies/${shortname}/webhooks`;

export function getWebhooks(shortname: string, signal?: AbortSignal) {
  return api.get(webhooksPath(shortname), {
    schema: webhookEndpointListSchema,
    signal,
  });
}

export const webhooksQuery = (shortname: string) =>
  queryOptions({
    queryKey: webhookKeys.list(shortname),
    queryFn: ({ signal }) => getWebhooks(shortname, signal),
  });

export const useWebhooks = (shortname: string) =>
  useQuery(webhooksQuery(shortname));
