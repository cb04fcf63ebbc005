import { applicationSchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/jobs/job-queries';
import { applicationKeys } from './list-applications';

export type StateChange =
  'shortlist' | 'unshortlist' | 'reject' | 'archive' | 'unarchive' | 'delete';

export function changeApplicationState({
  jobId,
  id,
  change,
}: {
  jobId: number;
  id: number;
  change: StateChange;
}) {
  if (change === 'delete')
    return api.delete(`/api/jobs/${jobId}/applications/${id}`);
  return api.post(`/api/jobs/${jobId}/applications/${id}/${change}`, {
    schema: applicationSchema,
  });
}

export function useChangeApplicationState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeApplicationState,
    onSuccess: (_data, { jobId }) => {
      void queryClient.invalidateQueries({
        queryKey: applicationKeys.job(jobId),
      });
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}
