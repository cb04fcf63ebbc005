import { auditRetentionSchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auditLogKeys } from './get-audit-log';

export function updateAuditRetention({
  shortname,
  days,
}: {
  shortname: string;
  days: number;
}) {
  return api.put(`/api/companies/${shortname}/audit-log/retention`, {
    body: { days },
    schema: auditRetentionSchema,
  });
}

/** The change is itself a row of the log: the list is read again too. */
export function useUpdateAuditRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAuditRetention,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: auditLogKeys.all }),
  });
}
