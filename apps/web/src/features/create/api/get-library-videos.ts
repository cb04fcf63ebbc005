import {
  pagedSchema,
  STOCK_VIDEOS_SHORTNAME,
  videoSchema,
} from '@candor/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Playable videos of the company library and the stock library, for a question's video. */
export function useQuestionVideos(shortname: string, enabled: boolean) {
  return useQuery({
    queryKey: ['videos', 'question-choices', shortname],
    enabled,
    queryFn: async ({ signal }) => {
      const [own, stock] = await Promise.all(
        [shortname, STOCK_VIDEOS_SHORTNAME].map((library) =>
          api.get(`/api/companies/${library}/videos`, {
            query: { page_size: 100 },
            schema: pagedSchema(videoSchema),
            signal,
          }),
        ),
      );
      return [...(own?.results ?? []), ...(stock?.results ?? [])].filter(
        (video) => video.url && !video.uploading,
      );
    },
  });
}
