import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { loadAllTranslations } from '../i18n';

/** A page module: its default export is the page; an optional `loader` runs before it shows. */
export type PageModule = { default: ComponentType; loader?: LoaderFunction };

const RELOADED_KEY = 'candor.chunk-reloaded';

/**
 * After a deploy, an open tab may ask for a chunk that no longer exists. Reload once to get
 * the new build; if the chunk still fails, let the error page show it.
 */
async function importOrReload(
  load: () => Promise<PageModule>,
): Promise<PageModule> {
  try {
    const module = await load();
    sessionStorage.removeItem(RELOADED_KEY);
    return module;
  } catch (error) {
    if (!sessionStorage.getItem(RELOADED_KEY)) {
      sessionStorage.setItem(RELOADED_KEY, '1');
      window.location.reload();
      // Keep the router waiting while the page goes away.
      return new Promise<PageModule>(() => {});
    }
    sessionStorage.removeItem(RELOADED_KEY);
    throw error;
  }
}

type LazyRoute = NonNullable<RouteObject['lazy']> & {
  preload: () => Promise<unknown>;
};

/**
 * `lazy: lazyPage(() => import('./pages/account-page'))` in a feature's route array. The page
 * shows once the translations beyond the first download are in too, fetched beside its chunk;
 * `{ firstPaint: true }` marks a page that a visitor may open first (sign-in, the candidate's)
 * and that needs only the namespaces shipped with the first download (decision 184).
 */
export function lazyPage(
  load: () => Promise<PageModule>,
  options: { firstPaint?: boolean } = {},
): LazyRoute {
  const lazy = async () => {
    const [module] = await Promise.all([
      importOrReload(load),
      options.firstPaint ? undefined : loadAllTranslations(),
    ]);
    return module.loader
      ? { Component: module.default, loader: module.loader }
      : { Component: module.default };
  };
  return Object.assign(lazy, {
    preload: () => load().catch(() => undefined),
  }) as LazyRoute;
}

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** Prefetching is skipped on a 2g connection or with data saver (spec section 9). */
export function canPrefetch(): boolean {
  const connection = (
    navigator as Navigator & { connection?: NetworkInformation }
  ).connection;
  if (!connection) return true;
  return !connection.saveData && !connection.effectiveType?.includes('2g');
}

/** Loads the chunks of routes flagged `handle: { prefetch: true }` once the browser is idle. */
export function prefetchRoutes(routes: RouteObject[]): void {
  if (!canPrefetch()) return;
  const preloads: (() => Promise<unknown>)[] = [];
  const walk = (list: RouteObject[]) => {
    for (const route of list) {
      const lazy = route.lazy as Partial<LazyRoute> | undefined;
      if (
        (route.handle as { prefetch?: boolean } | undefined)?.prefetch &&
        lazy?.preload
      ) {
        preloads.push(lazy.preload);
      }
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  const run = () => void Promise.all(preloads.map((preload) => preload()));
  if ('requestIdleCallback' in window)
    window.requestIdleCallback(run, { timeout: 4000 });
  else setTimeout(run, 2000);
}
