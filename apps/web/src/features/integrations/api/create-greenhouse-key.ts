import { greenhouseKeyCreatedSchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { greenhouseKeys, greenhousePath } from './get-greenhouse';

/** Turns Greenhouse on, or gives it a new key; the reply is the only time the key is sent. */
export function createGreenhouseKey(shortname: string) {
  return api.post(greenhousePath(shortname), {
    schema: greenhouseKeyCreatedSchema,
  });
}

export function useCreateGreenhouseKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGreenhouseKey,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: greenhouseKeys.all }),
  });
}
