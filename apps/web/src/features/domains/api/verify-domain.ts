import { companyDomainSchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { domainKeys, domainsPath } from './get-domains';

/** Asks the server to look for the domain's TXT record now. */
export function verifyDomain({
  shortname,
  id,
}: {
  shortname: string;
  id: number;
}) {
  return api.post(`${domainsPath(shortname)}/${id}/verify`, {
    schema: companyDomainSchema,
  });
}

export function useVerifyDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyDomain,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: domainKeys.all }),
  });
}
