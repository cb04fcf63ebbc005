import {
  webhookEndpointDetailSchema,
  type WebhookEndpointUpdate,
} from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys, webhooksPath } from './get-webhooks';

/** Switches an endpoint on or off, or changes its events or description. */
export function updateWebhook({
  shortname,
  id,
  ...body
}: WebhookEndpointUpdate & { shortname: string; id: number }) {
  return api.patch(`${webhooksPath(shortname)}/${id}`, {
    body,
    schema: webhookEndpointDetailSchema,
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
