import { isLocale, resolveLocale } from '@candor/domain';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { applyLocale, chooseLocale, chosenLocale } from '../i18n';
import { isApiError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import { constantsQuery, currentUserQuery } from '../lib/session';

/** Every page: `?lang=` must be en-gb or fr-fr, otherwise the page does not exist. */
export function rootLoader({ request }: LoaderFunctionArgs) {
  const lang = new URL(request.url).searchParams.get('lang');
  if (lang !== null) {
    if (!isLocale(lang))
      throw data('This page could not be found.', { status: 404 });
    chooseLocale(lang);
  }
  applyLocale(chosenLocale() ?? resolveLocale(navigator.language));
  return null;
}

/**
 * Signed-in pages: no session sends the user to sign in; constants that fail to load send
 * them to the account-conflict page (spec section 8). Then the account's locale applies.
 */
export async function sessionLoader({ request }: LoaderFunctionArgs) {
  let user;
  try {
    user = await queryClient.ensureQueryData(currentUserQuery);
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      const url = new URL(request.url);
      throw redirect(
        `${paths.login}?next=${encodeURIComponent(url.pathname + url.search)}`,
      );
    }
    throw error;
  }
  try {
    await queryClient.ensureQueryData(constantsQuery);
  } catch {
    throw redirect(paths.accountConflict);
  }
  applyLocale(chosenLocale() ?? user.locale);
  return null;
}

/** Any path no route claims. */
export function notFoundLoader(): never {
  throw data('This page could not be found.', { status: 404 });
}
