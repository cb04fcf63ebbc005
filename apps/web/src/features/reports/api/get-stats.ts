import { companyStatsSchema } from '@candor/domain';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api-client';

export type StatsPeriod = { from_date: string; to_date: string };

export function getStats(
  shortname: string,
  period: StatsPeriod,
  signal?: AbortSignal,
) {
  return api.get(`/api/companies/${shortname}/stats`, {
    query: period,
    schema: companyStatsSchema,
    signal,
  });
}

export const statsQuery = (shortname: string, period: StatsPeriod) =>
  queryOptions({
    queryKey: ['stats', shortname, period.from_date, period.to_date],
    queryFn: ({ signal }) => getStats(shortname, period, signal),
    placeholderData: keepPreviousData,
  });

export const useStats = (shortname: string, period: StatsPeriod) =>
  useQuery(statsQuery(shortname, period));

/** The CSV download: a plain link, so the browser streams it to a file with our cookies. */
export function exportUrl(shortname: string, period: StatsPeriod): string {
  return withQuery(`/api/companies/${shortname}/export`, period);
}
