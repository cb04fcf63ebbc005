import {
  greenhouseConnectionSchema,
  type GreenhouseConnection,
} from '@candor/domain';
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

/** The box shows the choice at once; a refusal puts back what the server holds. */
export function useSetGreenhouseRatings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGreenhouseRatings,
    onMutate: async ({ shortname, sendRatings }) => {
      const key = greenhouseKeys.detail(shortname);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<GreenhouseConnection>(key, (connection) =>
        connection ? { ...connection, send_ratings: sendRatings } : connection,
      );
    },
    onSuccess: (connection, { shortname }) =>
      queryClient.setQueryData(greenhouseKeys.detail(shortname), connection),
    onError: (_error, { shortname }) =>
      queryClient.invalidateQueries({
        queryKey: greenhouseKeys.detail(shortname),
      }),
  });
}
