import { videoSchema, type VideoUpdate } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { videoKeys } from '../../../lib/videos/video-keys';

export type UpdateVideo = {
  shortname: string;
  id: number;
  changes: VideoUpdate;
};

/** Renames or categorises one video (PATCH with only the changed field). */
export function updateVideo({ shortname, id, changes }: UpdateVideo) {
  return api.patch(`/api/companies/${shortname}/videos/${id}`, {
    body: changes,
    schema: videoSchema,
  });
}

export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
