import { companyDomainListSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const domainKeys = {
  all: ['domains'] as const,
  list: (shortname: string) => ['domains', 'list', shortname] as const,
};

export const domainsPath = (shortname: string) =>
  `/api/companies/${shortname}/domains`;

export function getDomains(shortname: string, signal?: AbortSignal) {
  return api.get(domainsPath(shortname), {
    schema: companyDomainListSchema,
    signal,
  });
}

export const domainsQuery = (shortname: string) =>
  queryOptions({
    queryKey: domainKeys.list(shortname),
    queryFn: ({ signal }) => getDomains(shortname, signal),
  });

export const useDomains = (shortname: string) =>
  useQuery(domainsQuery(shortname));
