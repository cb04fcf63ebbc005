import { WEB_PAGES } from '@candor/domain';
import type { RouteObject } from 'react-router';
import { expect, it } from 'vitest';
import { routes } from './router';

/** Every path the router shows a page for, nested paths joined, the catch-all left out. */
function pagesOf(list: RouteObject[], base = ''): string[] {
  return list.flatMap((route) => {
    const path =
      route.path === undefined
        ? base
        : route.path.startsWith('/')
          ? route.path
          : `${base.replace(/\/$/, '')}/${route.path}`;
    const own =
      (route.path !== undefined || route.index) && path !== '/*'
        ? [path || '/']
        : [];
    return [...own, ...pagesOf(route.children ?? [], path)];
  });
}

it('lists every page of the router for the server’s 404 (WEB_PAGES in the domain)', () => {
  expect([...new Set(pagesOf(routes))].sort()).toEqual([...WEB_PAGES].sort());
});
