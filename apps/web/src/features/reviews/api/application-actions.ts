import { applicationSchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

export type ReviewAction = 'shortlist' | 'unshortlist' | 'reject' | 'reviewed';

export function runApplicationAction({
  job,
  application,
  action,
}: {
  job: number;
  application: number;
  action: ReviewAction;
}) {
  return api.post(`/api/jobs/${job}/applications/${application}/${action}`, {
    schema: applicationSchema,
  });
}

export function useApplicationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runApplicationAction,
    onSuccess: async (_, input) => {
      await queryClient.invalidateQueries({
        queryKey: reviewKeys.application(input.job, input.application),
      });
      // The job page's counts and lists change with the stage.
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
      await queryClient.invalidateQueries({ queryKey: ['applications'] });
    },
  });
}
