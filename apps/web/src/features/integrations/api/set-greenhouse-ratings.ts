import { greenhouseConnectionSchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { greenhouseKeys, greenhousePath } from './get-greenhouse';

/** Whether the panel's average rating goes back to Greenhouse. */
export function setGreenhouseRatings({
  shortname,
  sendRatings,
}: {
  shortname: string;
  sendRatings: boolean;
}) {
  return api.patch(greenhousePath(shortname), {
    body: { send_ratings: sendRatings },
    schema: greenhouseConnectionSchema,
  });
}

/** The page shows the choice at once; the reply becomes what the page holds. */
export function useSetGreenhouseRatings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGreenhouseRatings,
    onSuccess: (connection, { shortname }) =>
      queryClient.setQueryData(greenhouseKeys.detail(shortname), connection),
  });
}
