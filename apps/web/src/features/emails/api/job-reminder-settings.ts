import {
  jobReminderSettingsSchema,
  type JobReminderSettings,
} from '@candor/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const jobReminderKeys = {
  detail: (jobId: number) => ['job-reminder-settings', jobId] as const,
};

export function getJobReminderSettings(jobId: number, signal?: AbortSignal) {
  return api.get(`/api/jobs/${jobId}/reminder-settings`, {
    schema: jobReminderSettingsSchema,
    signal,
  });
}

export const jobReminderSettingsQuery = (jobId: number) =>
  queryOptions({
    queryKey: jobReminderKeys.detail(jobId),
    queryFn: ({ signal }) => getJobReminderSettings(jobId, signal),
  });

export const useJobReminderSettings = (jobId: number) =>
  useQuery(jobReminderSettingsQuery(jobId));

export function updateJobReminderSettings({
  jobId,
  ...body
}: JobReminderSettings & { jobId: number }) {
  return api.put(`/api/jobs/${jobId}/reminder-settings`, {
    body,
    schema: jobReminderSettingsSchema,
  });
}

export function useUpdateJobReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJobReminderSettings,
    onSuccess: (settings, { jobId }) =>
      queryClient.setQueryData(jobReminderKeys.detail(jobId), settings),
  });
}
