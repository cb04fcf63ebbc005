import { videoCategoriesSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { videoKeys } from '../../../lib/videos/video-keys';

export function getVideoCategories(shortname: string, signal?: AbortSignal) {
  return api.get(`/api/companies/${shortname}/videos/categories`, {
    schema: videoCategoriesSchema,
    signal,
  });
}

/** Every category in use; the selector filters them as the user types. */
export const videoCategoriesQuery = (shortname: string) =>
  queryOptions({
    queryKey: videoKeys.categories(shortname),
    queryFn: ({ signal }) => getVideoCategories(shortname, signal),
  });

export const useVideoCategories = (shortname: string) =>
  useQuery(videoCategoriesQuery(shortname));
