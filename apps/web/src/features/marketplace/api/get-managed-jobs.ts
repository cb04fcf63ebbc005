import { marketplaceJobSchema, pagedSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

const MANAGE_PAGE_SIZE = 50;

/** The company's interviews with their marketplace listing, for /manage-marketplace. */
export function getManagedJobs(page: number, signal?: AbortSignal) {
  return api.get('/api/marketplace/jobs', {
    query: { page, page_size: MANAGE_PAGE_SIZE },
    schema: pagedSchema(marketplaceJobSchema),
    signal,
  });
}

export const managedJobsQuery = (page: number) =>
  queryOptions({
    queryKey: marketplaceKeys.manage(page),
    queryFn: ({ signal }) => getManagedJobs(page, signal),
  });

export const useManagedJobs = (page: number) =>
  useQuery(managedJobsQuery(page));
export { MANAGE_PAGE_SIZE };
