import {
  webhookEndpointDetailSchema,
  type WebhookEndpointCreate,
} from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys, webhooksPath } from './get-webhooks';

/** Registers an endpoint; the reply carries its signing secret. */
export function createWebhook({
  shortname,
  ...body
}: WebhookEndpointCreate & { shortname: string }) {
  return api.post(webhooksPath(shortname), {
    body,
    schema: webhookEndpointDetailSchema,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
