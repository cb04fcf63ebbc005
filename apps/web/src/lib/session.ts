import {
  constantsSchema,
  currentUserSchema,
  type CurrentUser,
} from '@candor/domain';
import {
  queryOptions,
  useQuery,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { api } from './api-client';

/** The signed-in user; shared by the shell and every feature (company shortname, locale). */
export const currentUserQuery = queryOptions({
  queryKey: ['session', 'user'],
  queryFn: ({ signal }) =>
    api.get('/api/user', { schema: currentUserSchema, signal, on401: 'throw' }),
  staleTime: 5 * 60_000,
  retry: false,
});

export const constantsQuery = queryOptions({
  queryKey: ['session', 'constants'],
  queryFn: ({ signal }) =>
    api.get('/api/constants', { schema: constantsSchema, signal }),
  staleTime: Infinity,
});

/** Inside signed-in routes the user is always loaded (the route loader made sure). */
export function useCurrentUser(): CurrentUser {
  return useSuspenseQuery(currentUserQuery).data;
}

/** Outside signed-in routes: the user if a session exists, otherwise undefined. */
export function useOptionalUser(): CurrentUser | undefined {
  return useQuery({ ...currentUserQuery, throwOnError: false }).data;
}

export function useConstants() {
  return useSuspenseQuery(constantsQuery).data;
}

/** A company user has a current company; a reviewer has none (spec section 6). */
export function isCompanyUser(user: CurrentUser | undefined): boolean {
  return !!user?.current_company;
}

/** Ends the session; the page then reloads so nothing of the old session stays in memory. */
export async function signOut(): Promise<void> {
  await api.get('/logout/ajax', { on401: 'throw' });
}
