import {
  pagedSchema,
  STOCK_VIDEOS_SHORTNAME,
  videoSchema,
} from '@candor/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Videos of the company library and the stock library a question can use: uploaded and not
 * failed. One still processing is offered too (a video just recorded for the question): the
 * interviewee sees it once it is ready.
 */
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
        (video) => !video.uploading && !video.failed_reason,
      );
    },
  });
}
