import { publicJobSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getPublicJob(shortcode: string, signal?: AbortSignal) {
  return api.get(`/api/public/jobs/${encodeURIComponent(shortcode)}`, {
    schema: publicJobSchema,
    signal,
    on401: 'throw',
  });
}

export const publicJobQuery = (shortcode: string) =>
  queryOptions({
    queryKey: ['interviewee', 'public-job', shortcode],
    queryFn: ({ signal }) => getPublicJob(shortcode, signal),
    retry: false,
  });

export const usePublicJob = (shortcode: string) =>
  useQuery(publicJobQuery(shortcode));
