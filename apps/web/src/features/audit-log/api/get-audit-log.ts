import { auditLogListSchema, type AuditLogFilter } from '@candor/domain';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api-client';

export const AUDIT_PAGE_SIZE = 25;

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (shortname: string, filter: AuditLogFilter, page: number) =>
    ['audit-log', 'list', shortname, filter, page] as const,
  retention: (shortname: string) =>
    ['audit-log', 'retention', shortname] as const,
};

const logPath = (shortname: string) => `/api/companies/${shortname}/audit-log`;

export function getAuditLog(
  shortname: string,
  options: { filter: AuditLogFilter; page: number },
  signal?: AbortSignal,
) {
  return api.get(logPath(shortname), {
    query: {
      ...options.filter,
      page: options.page,
      page_size: AUDIT_PAGE_SIZE,
    },
    schema: auditLogListSchema,
    signal,
  });
}

export const auditLogQuery = (
  shortname: string,
  filter: AuditLogFilter,
  page: number,
) =>
  queryOptions({
    queryKey: auditLogKeys.list(shortname, filter, page),
    queryFn: ({ signal }) => getAuditLog(shortname, { filter, page }, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (
  shortname: string,
  filter: AuditLogFilter,
  page: number,
) => useQuery(auditLogQuery(shortname, filter, page));

/** The CSV download: a plain link, so the browser streams it to a file with our cookies. */
export function auditLogExportUrl(
  shortname: string,
  filter: AuditLogFilter,
): string {
  return withQuery(`${logPath(shortname)}/export`, filter);
}
