import {
  companySettingsSchema,
  type CompanySettingsUpdate,
} from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/session';
import { settingsKeys } from './get-settings';

export function updateSettings(body: CompanySettingsUpdate) {
  return api.post('/api/settings', { body, schema: companySettingsSchema });
}

/** The logo goes as multipart with the company name, as the spec's settings call does. */
export function uploadLogo({ logo, name }: { logo: File; name: string }) {
  const form = new FormData();
  form.set('name', name);
  form.set('logo', logo);
  return api.post('/api/settings', {
    body: form,
    schema: companySettingsSchema,
  });
}

function useSettingsMutation<Input>(
  mutationFn: (input: Input) => ReturnType<typeof updateSettings>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.all, settings);
      // The header shows the company's name, logo and account message.
      return queryClient.invalidateQueries({
        queryKey: currentUserQuery.queryKey,
      });
    },
  });
}

export const useUpdateSettings = () => useSettingsMutation(updateSettings);
export const useUploadLogo = () => useSettingsMutation(uploadLogo);
