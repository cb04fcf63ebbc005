import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { videoKeys } from '../../../lib/videos/video-keys';

export function deleteVideo({
  shortname,
  id,
}: {
  shortname: string;
  id: number;
}) {
  return api.delete(`/api/companies/${shortname}/videos/${id}`);
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
