import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { greenhouseKeys, greenhousePath } from './get-greenhouse';

/** Turns Greenhouse off: its key is refused from its next call. */
export function turnOffGreenhouse(shortname: string) {
  return api.delete(greenhousePath(shortname));
}

export function useTurnOffGreenhouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffGreenhouse,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: greenhouseKeys.all }),
  });
}
