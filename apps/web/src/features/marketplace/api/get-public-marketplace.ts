import { PAGE_SIZES, marketplaceReplySchema } from '@candor/domain';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** The public marketplace of one brand: no session needed. */
export function getPublicMarketplace(
  brand: string,
  page: number,
  signal?: AbortSignal,
) {
  return api.get(`/api/companies/${encodeURIComponent(brand)}/marketplace`, {
    query: {
      page,
      page_size: PAGE_SIZES.marketplace,
      ordering: '-marketplace_order',
    },
    schema: marketplaceReplySchema,
    signal,
    on401: 'throw',
  });
}

export const publicMarketplaceQuery = (brand: string, page: number) =>
  queryOptions({
    queryKey: marketplaceKeys.public(brand, page),
    queryFn: ({ signal }) => getPublicMarketplace(brand, page, signal),
    placeholderData: keepPreviousData,
  });

export const usePublicMarketplace = (brand: string, page: number) =>
  useQuery(publicMarketplaceQuery(brand, page));
