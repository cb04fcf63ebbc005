import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The invitation link's shortcode, resolved by the API to the interview's API path
 * (`/api/interviewee/{token}`); the token is its last segment.
 */
export async function resolveInvite(
  shortcode: string,
  signal?: AbortSignal,
): Promise<string> {
  const path = await api.get<string>(`/i/${encodeURIComponent(shortcode)}`, {
    signal,
    on401: 'throw',
  });
  const token = String(path).trim().split('/').pop();
  if (!token) throw new Error('There was an error retrieving this interview');
  return token;
}

export const inviteQuery = (shortcode: string) =>
  queryOptions({
    queryKey: ['interviewee', 'invite', shortcode],
    queryFn: ({ signal }) => resolveInvite(shortcode, signal),
    staleTime: Infinity,
    retry: false,
  });

export const useInvite = (shortcode: string) =>
  useQuery(inviteQuery(shortcode));
