import { isLocale, resolveLocale } from '@candor/domain';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import {
  applyLocale,
  chooseLocale,
  chosenLocale,
  loadAllTranslations,
} from '../i18n';
import { isApiError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import { constantsQuery, currentUserQuery } from '../lib/session';

const NOT_FOUND = 'This page could not be found.';

/** `?lang=` must be en-gb or fr-fr, otherwise the page does not exist. */
function checkedLang(request: Request) {
  const lang = new URL(request.url).searchParams.get('lang');
  if (lang !== null && !isLocale(lang)) throw data(NOT_FOUND, { status: 404 });
  return lang;
}

/** Every page: checks `?lang=` and applies the chosen locale. */
export async function rootLoader({ request }: LoaderFunctionArgs) {
  const lang = checkedLang(request);
  if (isLocale(lang)) chooseLocale(lang);
  await applyLocale(chosenLocale() ?? resolveLocale(navigator.language));
  return null;
}

/**
 * Signed-in pages: no session sends the user to sign in; constants that fail to load send
 * them to the account-conflict page (spec section 8). Then the account's locale applies.
 */
export async function sessionLoader({ request }: LoaderFunctionArgs) {
  // Checked here too: a redirect to sign in would otherwise win over the root's 404.
  checkedLang(request);
  // Signed-in pages use every namespace: fetched beside the session, not after it.
  const translationsLoaded = loadAllTranslations().catch(() => undefined);
  // Asked for beside the user, not after: they are the same for everyone. Settled to a boolean
  // so that a sign-in redirect leaves no rejected promise behind.
  const constantsLoaded = queryClient.ensureQueryData(constantsQuery).then(
    () => true,
    () => false,
  );
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
  if (!(await constantsLoaded)) throw redirect(paths.accountConflict);
  await translationsLoaded;
  await applyLocale(chosenLocale() ?? user.locale);
  return null;
}

/** Any path no route claims. */
export function notFoundLoader(): never {
  throw data(NOT_FOUND, { status: 404 });
}
