import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** Opened from a reminder e-mail by an interviewee: no session. */
export const reminderUnsubscribeRoutes: RouteObject[] = [
  {
    path: paths.reminderUnsubscribe.pattern,
    lazy: lazyPage(() => import('./pages/unsubscribe-page')),
  },
];
