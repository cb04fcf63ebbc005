import { adverseImpactReportSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api-client';

const path = (shortname: string) =>
  `/api/companies/${shortname}/adverse-impact`;

export function getAdverseImpact(
  shortname: string,
  job: number | undefined,
  signal?: AbortSignal,
) {
  return api.get(path(shortname), {
    query: { job },
    schema: adverseImpactReportSchema,
    signal,
  });
}

export const adverseImpactQuery = (shortname: string, job?: number) =>
  queryOptions({
    queryKey: ['adverse-impact', shortname, job ?? 'all'],
    queryFn: ({ signal }) => getAdverseImpact(shortname, job, signal),
  });

export const useAdverseImpact = (shortname: string, job?: number) =>
  useQuery(adverseImpactQuery(shortname, job));

/** The CSV download: a plain link, so the browser streams it to a file with our cookies. */
export function adverseImpactExportUrl(shortname: string, job?: number) {
  return withQuery(`${path(shortname)}/export`, { job });
}
