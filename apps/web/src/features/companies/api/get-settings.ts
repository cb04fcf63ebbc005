import { companySettingsSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const settingsKeys = { all: ['company-settings'] as const };

export function getSettings(signal?: AbortSignal) {
  return api.get('/api/settings', { schema: companySettingsSchema, signal });
}

export const settingsQuery = queryOptions({
  queryKey: settingsKeys.all,
  queryFn: ({ signal }) => getSettings(signal),
});

export function useSettings() {
  return useQuery(settingsQuery);
}
