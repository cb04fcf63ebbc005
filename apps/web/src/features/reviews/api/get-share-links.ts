import { shareLinkListSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const shareLinkKeys = {
  all: ['share-links'] as const,
  list: (job: number, application: number) =>
    ['share-links', job, application] as const,
};

export const shareLinksPath = (job: number, application: number) =>
  `/api/jobs/${job}/applications/${application}/share-links`;

export function getShareLinks(
  job: number,
  application: number,
  signal?: AbortSignal,
) {
  return api.get(shareLinksPath(job, application), {
    schema: shareLinkListSchema,
    signal,
  });
}

export const shareLinksQuery = (job: number, application: number) =>
  queryOptions({
    queryKey: shareLinkKeys.list(job, application),
    queryFn: ({ signal }) => getShareLinks(job, application, signal),
    // Views happen elsewhere: each opening of the dialog shows the current counts.
    refetchOnMount: 'always',
  });

export const useShareLinks = (job: number, application: number) =>
  useQuery(shareLinksQuery(job, application));
