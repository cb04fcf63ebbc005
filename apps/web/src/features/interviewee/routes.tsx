import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** The interviewee's public, full-screen pages (recording code loads only here). */
export const intervieweeRoutes: RouteObject[] = [
  {
    path: paths.intervieweeInvite.pattern,
    lazy: lazyPage(() => import('./pages/invite-page')),
  },
  {
    path: paths.sso.pattern,
    lazy: lazyPage(() => import('./pages/invite-page')),
  },
  {
    path: paths.publicJob.pattern,
    lazy: lazyPage(() => import('./pages/public-job-page')),
  },
];
