import { accountLinkSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The address a reset link was sent to, or a 404 when the link is used or out of date. */
export const passwordResetQuery = (token: string) =>
  queryOptions({
    queryKey: ['password-reset', token],
    queryFn: ({ signal }) =>
      api.get(`/api/password-reset/${encodeURIComponent(token)}`, {
        schema: accountLinkSchema,
        signal,
        on401: 'throw',
      }),
    retry: false,
    staleTime: Infinity,
  });

export const usePasswordReset = (token: string) =>
  useQuery(passwordResetQuery(token));
