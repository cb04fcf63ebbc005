import { memberListSchema } from '@candor/domain';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const TEAM_PAGE_SIZE = 25;

export const teamKeys = {
  all: ['team'] as const,
  list: (shortname: string, page: number) =>
    ['team', 'list', shortname, page] as const,
};

export function getMembers(
  shortname: string,
  page: number,
  signal?: AbortSignal,
) {
  return api.get(`/api/companies/${shortname}/members`, {
    query: { page, page_size: TEAM_PAGE_SIZE },
    schema: memberListSchema,
    signal,
  });
}

export const membersQuery = (shortname: string, page: number) =>
  queryOptions({
    queryKey: teamKeys.list(shortname, page),
    queryFn: ({ signal }) => getMembers(shortname, page, signal),
    // The next page keeps the table in place instead of a skeleton.
    placeholderData: keepPreviousData,
  });

export const useMembers = (shortname: string, page: number) =>
  useQuery(membersQuery(shortname, page));
