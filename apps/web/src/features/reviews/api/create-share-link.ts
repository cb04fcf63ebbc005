import { shareLinkCreatedSchema, type ShareLinkCreate } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shareLinkKeys, shareLinksPath } from './get-share-links';

export function createShareLink({
  job,
  application,
  ...body
}: ShareLinkCreate & { job: number; application: number }) {
  return api.post(shareLinksPath(job, application), {
    body,
    schema: shareLinkCreatedSchema,
  });
}

export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShareLink,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: shareLinkKeys.all }),
  });
}
