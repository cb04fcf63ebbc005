import { webhookDeliverySchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys, webhooksPath } from './get-webhooks';

/** Sends a logged delivery again: a new line of the log, the same webhook-id. */
export function redeliver({
  shortname,
  endpointId,
  deliveryId,
}: {
  shortname: string;
  endpointId: number;
  deliveryId: number;
}) {
  return api.post(
    `${webhooksPath(shortname)}/${endpointId}/deliveries/${deliveryId}/redeliver`,
    { schema: webhookDeliverySchema },
  );
}

export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliver,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
