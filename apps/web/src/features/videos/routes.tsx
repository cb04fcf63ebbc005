import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

export const videoRoutes: RouteObject[] = [
  {
    path: paths.content,
    lazy: lazyPage(() => import('./pages/content-page')),
    handle: { prefetch: true },
    children: [
      {
        index: true,
        lazy: lazyPage(() => import('./pages/company-videos-page')),
      },
      {
        path: 'stock-videos',
        lazy: lazyPage(() => import('./pages/stock-videos-page')),
      },
    ],
  },
  { path: paths.library, lazy: lazyPage(() => import('./pages/library-page')) },
];

/** The creation step /create/{job}/videos, given to the creation steps of features/create. */
export const videoStepRoutes: RouteObject[] = [
  { path: 'videos', lazy: lazyPage(() => import('./pages/intro-video-step')) },
];
