import type { ShareCodeRequest } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedPageKey } from './get-shared-page';

/** Asks for a code at the address the link is limited to. */
export function requestShareCode({
  key,
  ...body
}: ShareCodeRequest & { key: string }) {
  return api.post(`/api/shared/${key}/code`, { body, on401: 'throw' });
}

export const useRequestShareCode = () =>
  useMutation({ mutationFn: requestShareCode });

/** Confirms the code; the server then lets this browser view the link. */
export function verifyShareCode({ key, code }: { key: string; code: string }) {
  return api.post(`/api/shared/${key}/verify`, {
    body: { code },
    on401: 'throw',
  });
}

export function useVerifyShareCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyShareCode,
    onSuccess: (_reply, { key }) =>
      queryClient.invalidateQueries({ queryKey: sharedPageKey(key) }),
  });
}
