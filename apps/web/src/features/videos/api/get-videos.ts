import { isVideoProcessing, pagedSchema, videoSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { videoKeys } from '../../../lib/videos/video-keys';

// While a video is being processed the list asks again until it can play.
const PROCESSING_POLL_MS = 2000;

export function getVideos(
  shortname: string,
  category?: string,
  signal?: AbortSignal,
) {
  return api.get(`/api/companies/${shortname}/videos`, {
    query: { category, page_size: 100 },
    schema: pagedSchema(videoSchema),
    signal,
  });
}

export const videosQuery = (shortname: string, category?: string) =>
  queryOptions({
    queryKey: videoKeys.list(shortname, category),
    queryFn: ({ signal }) => getVideos(shortname, category, signal),
    refetchInterval: (query) =>
      query.state.data?.results.some(isVideoProcessing)
        ? PROCESSING_POLL_MS
        : false,
  });

export const useVideos = (shortname: string, category?: string) =>
  useQuery(videosQuery(shortname, category));
