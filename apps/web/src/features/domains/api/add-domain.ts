import { companyDomainSchema, type DomainCreate } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { domainKeys, domainsPath } from './get-domains';

/** A claim of a domain; the reply names the TXT record that proves it. */
export function addDomain({
  shortname,
  ...body
}: DomainCreate & { shortname: string }) {
  return api.post(domainsPath(shortname), {
    body,
    schema: companyDomainSchema,
  });
}

export function useAddDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDomain,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: domainKeys.all }),
  });
}
