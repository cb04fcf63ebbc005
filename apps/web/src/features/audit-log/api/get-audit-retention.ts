import { auditRetentionSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auditLogKeys } from './get-audit-log';

export function getAuditRetention(shortname: string, signal?: AbortSignal) {
  return api.get(`/api/companies/${shortname}/audit-log/retention`, {
    schema: auditRetentionSchema,
    signal,
  });
}

export const auditRetentionQuery = (shortname: string) =>
  queryOptions({
    queryKey: auditLogKeys.retention(shortname),
    queryFn: ({ signal }) => getAuditRetention(shortname, signal),
  });

export const useAuditRetention = (shortname: string) =>
  useQuery(auditRetentionQuery(shortname));
