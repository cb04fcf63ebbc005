import {
  companyReminderSettingsSchema,
  type CompanyReminderSettings,
} from '@candor/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const reminderSettingsKeys = { all: ['reminder-settings'] as const };

export function getReminderSettings(signal?: AbortSignal) {
  return api.get('/api/reminder-settings', {
    schema: companyReminderSettingsSchema,
    signal,
  });
}

export const reminderSettingsQuery = queryOptions({
  queryKey: reminderSettingsKeys.all,
  queryFn: ({ signal }) => getReminderSettings(signal),
});

export const useReminderSettings = () => useQuery(reminderSettingsQuery);

export function updateReminderSettings(body: CompanyReminderSettings) {
  return api.put('/api/reminder-settings', {
    body,
    schema: companyReminderSettingsSchema,
  });
}

export function useUpdateReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReminderSettings,
    onSuccess: (settings) =>
      queryClient.setQueryData(reminderSettingsKeys.all, settings),
  });
}
