import { webhookEndpointDetailSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys, webhooksPath } from './get-webhooks';

/** One endpoint with its signing secret (admins only). */
export function getWebhook(
  shortname: string,
  id: number,
  signal?: AbortSignal,
) {
  return api.get(`${webhooksPath(shortname)}/${id}`, {
    schema: webhookEndpointDetailSchema,
    signal,
  });
}

export const webhookQuery = (shortname: string, id: number) =>
  queryOptions({
    queryKey: webhookKeys.detail(shortname, id),
    queryFn: ({ signal }) => getWebhook(shortname, id, signal),
  });

export const useWebhook = (shortname: string, id: number, enabled: boolean) =>
  useQuery({ ...webhookQuery(shortname, id), enabled });
