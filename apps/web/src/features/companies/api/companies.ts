import {
  companyChangeReplySchema,
  companyListItemSchema,
  pagedSchema,
} from '@candor/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const companyKeys = { list: ['companies', 'list'] as const };

const companyPageSchema = pagedSchema(companyListItemSchema);

/** The companies the user belongs to; one page of 100 covers anyone's memberships. */
export const companiesQuery = queryOptions({
  queryKey: companyKeys.list,
  queryFn: ({ signal }) =>
    api.get('/api/companies', {
      query: { page_size: 100 },
      schema: companyPageSchema,
      signal,
    }),
});

export function useCompanies(enabled: boolean) {
  return useQuery({ ...companiesQuery, enabled });
}

export function changeCompany(id: number) {
  return api.post(`/company/change/${id}`, {
    schema: companyChangeReplySchema,
  });
}

/** Switches the current company, then reloads so every screen starts from the new company. */
export function useChangeCompany() {
  return useMutation({
    mutationFn: changeCompany,
    onSuccess: () => window.location.reload(),
  });
}
