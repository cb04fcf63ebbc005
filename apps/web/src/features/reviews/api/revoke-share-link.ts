import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shareLinkKeys, shareLinksPath } from './get-share-links';

export function revokeShareLink(options: {
  job: number;
  application: number;
  link: number;
}) {
  return api.delete(
    `${shareLinksPath(options.job, options.application)}/${options.link}`,
  );
}

export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: shareLinkKeys.all }),
  });
}
