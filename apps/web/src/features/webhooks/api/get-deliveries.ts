import { webhookDeliveryListSchema } from '@candor/domain';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys, webhooksPath } from './get-webhooks';

export const DELIVERIES_PAGE_SIZE = 20;

export function getDeliveries(
  options: { shortname: string; id: number; page: number },
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({
    page: String(options.page),
    page_size: String(DELIVERIES_PAGE_SIZE),
  });
  return api.get(
    `${webhooksPath(options.shortname)}/${options.id}/deliveries?${query}`,
    { schema: webhookDeliveryListSchema, signal },
  );
}

export const deliveriesQuery = (options: {
  shortname: string;
  id: number;
  page: number;
}) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(
      options.shortname,
      options.id,
      options.page,
    ),
    queryFn: ({ signal }) => getDeliveries(options, signal),
    placeholderData: keepPreviousData,
    // Deliveries move on in the background: the log catches up while it is open.
    refetchInterval: 5000,
  });

export const useDeliveries = (options: {
  shortname: string;
  id: number;
  page: number;
}) => useQuery(deliveriesQuery(options));
