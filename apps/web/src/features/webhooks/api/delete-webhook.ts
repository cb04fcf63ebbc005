import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys, webhooksPath } from './get-webhooks';

/** Deletes an endpoint with its delivery log; nothing more is sent to it. */
export function deleteWebhook({
  shortname,
  id,
}: {
  shortname: string;
  id: number;
}) {
  return api.delete(`${webhooksPath(shortname)}/${id}`);
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
