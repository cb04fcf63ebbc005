import { jobSchema, type JobAction } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { jobKeys } from './job-queries';

export function applyJobAction({
  id,
  action,
}: {
  id: number;
  action: JobAction;
}) {
  if (action === 'delete') return api.delete(`/api/jobs/${id}`);
  return api.post(`/api/jobs/${id}/${action}`, { schema: jobSchema });
}

/** Publish, archive, unarchive or delete an interview; every job list refreshes after. */
export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyJobAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

export function copyJob(id: number) {
  return api.post(`/api/jobs/${id}/copy`, { schema: jobSchema });
}

/** A new draft from a template or one of the company's own interviews. */
export function useCopyJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
