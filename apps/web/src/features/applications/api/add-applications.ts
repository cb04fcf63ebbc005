import {
  createApplicationsReplySchema,
  type BulkApplicantUser,
} from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/jobs/job-queries';
import { applicationKeys } from './list-applications';

/** One interviewee (status not_invited) or a list with row numbers (a bulk add, status 3). */
export type AddApplications =
  | { jobId: number; user: BulkApplicantUser }
  | { jobId: number; rows: { row: number; user: BulkApplicantUser }[] };

export function addApplications(input: AddApplications) {
  const body =
    'user' in input
      ? { user: input.user, job: input.jobId, status: 0 }
      : input.rows.map((row) => ({ ...row, job: input.jobId, status: 3 }));
  return api.post(`/api/jobs/${input.jobId}/applications`, {
    body,
    schema: createApplicationsReplySchema,
  });
}

export function useAddApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addApplications,
    onSuccess: (_data, { jobId }) => {
      void queryClient.invalidateQueries({
        queryKey: applicationKeys.job(jobId),
      });
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}
