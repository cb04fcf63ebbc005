import { marketplaceJobSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** One interview's marketplace listing. */
export function getListing(jobId: number, signal?: AbortSignal) {
  return api.get(`/api/jobs/${jobId}/marketplace`, {
    schema: marketplaceJobSchema,
    signal,
  });
}

export const listingQuery = (jobId: number) =>
  queryOptions({
    queryKey: marketplaceKeys.job(jobId),
    queryFn: ({ signal }) => getListing(jobId, signal),
  });

export const useListing = (jobId: number) => useQuery(listingQuery(jobId));
