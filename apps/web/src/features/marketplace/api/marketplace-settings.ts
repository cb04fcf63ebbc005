import {
  marketplaceSettingsSchema,
  type MarketplaceSettingsUpdate,
} from '@candor/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

export function getMarketplaceSettings(signal?: AbortSignal) {
  return api.get('/api/marketplace/settings', {
    schema: marketplaceSettingsSchema,
    signal,
  });
}

export const marketplaceSettingsQuery = queryOptions({
  queryKey: marketplaceKeys.settings,
  queryFn: ({ signal }) => getMarketplaceSettings(signal),
});

export const useMarketplaceSettings = () => useQuery(marketplaceSettingsQuery);

export function saveMarketplaceSettings(body: MarketplaceSettingsUpdate) {
  return api.post('/api/marketplace/settings', {
    body,
    schema: marketplaceSettingsSchema,
  });
}

export function useSaveMarketplaceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMarketplaceSettings,
    onSuccess: (settings) =>
      queryClient.setQueryData(marketplaceKeys.settings, settings),
  });
}
