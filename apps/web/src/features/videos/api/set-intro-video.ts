import { jobSchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/jobs/job-queries';

/** The interview's introduction video, chosen from the library (null removes it). */
export function setIntroVideo({
  jobId,
  videoId,
}: {
  jobId: number;
  videoId: number | null;
}) {
  return api.patch(`/api/jobs/${jobId}`, {
    body: { intro_video_id: videoId },
    schema: jobSchema,
  });
}

export function useSetIntroVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setIntroVideo,
    onSuccess: (job) => {
      queryClient.setQueryData(jobKeys.detail(job.id), job);
      return queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}
