import { jobSchema, type JobDetailsInput } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/jobs/job-queries';

export type SaveJob = {
  id?: number;
  company: string;
  details: JobDetailsInput;
};

/** Creates the interview (POST with the company shortname) or updates its details (PATCH). */
export function saveJob({ id, company, details }: SaveJob) {
  return id === undefined
    ? api.post('/api/jobs', {
        body: { ...details, company },
        schema: jobSchema,
      })
    : api.patch(`/api/jobs/${id}`, { body: details, schema: jobSchema });
}

export function useSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveJob,
    onSuccess: (job) => {
      queryClient.setQueryData(jobKeys.detail(job.id), job);
      return queryClient.invalidateQueries({ queryKey: ['jobs', 'list'] });
    },
  });
}
