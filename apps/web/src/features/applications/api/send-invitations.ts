import { applicationSchema, bulkSendReplySchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/jobs/job-queries';
import { applicationKeys } from './list-applications';

export type InviteFields = {
  invited_from_name: string;
  invite_subject: string;
};

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values))
    if (value) data.append(key, value);
  return data;
}

/** Invite or resend one interviewee (form data, as the spec sends it). */
export function inviteApplicant({
  jobId,
  id,
  ...fields
}: InviteFields & { jobId: number; id: number }) {
  return api.post(`/api/jobs/${jobId}/applications/${id}/invite`, {
    body: form(fields),
    schema: applicationSchema,
  });
}

export function inviteAll({
  jobId,
  ...fields
}: InviteFields & { jobId: number }) {
  return api.post(`/api/jobs/${jobId}/invite_all`, {
    body: form(fields),
    schema: bulkSendReplySchema,
  });
}

export type ExtendFields = InviteFields & { deadline: Date };

export function extendDeadline({
  jobId,
  id,
  deadline,
  ...fields
}: ExtendFields & { jobId: number; id: number }) {
  return api.post(`/api/jobs/${jobId}/applications/${id}/extend`, {
    body: form({ ...fields, deadline: deadline.toISOString() }),
    schema: applicationSchema,
  });
}

/** include: 'expired', 'all' or a comma-separated list of ids. */
export function extendAll({
  jobId,
  deadline,
  include,
  ...fields
}: ExtendFields & { jobId: number; include: string }) {
  return api.post(`/api/jobs/${jobId}/extend_all`, {
    body: form({ ...fields, deadline: deadline.toISOString(), include }),
    schema: bulkSendReplySchema,
  });
}

function useInvalidating<T, R>(
  mutationFn: (input: T & { jobId: number }) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({
        queryKey: applicationKeys.job(input.jobId),
      });
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}

export const useInviteApplicant = () => useInvalidating(inviteApplicant);
export const useInviteAll = () => useInvalidating(inviteAll);
export const useExtendDeadline = () => useInvalidating(extendDeadline);
export const useExtendAll = () => useInvalidating(extendAll);
