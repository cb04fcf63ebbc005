import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** The job's review panel (signed in, with header and footer). */
export const reviewerRoutes: RouteObject[] = [
  {
    path: paths.jobReviewPanel.pattern,
    lazy: lazyPage(() => import('./pages/review-panel-page')),
  },
];

/** The invitation link of a reviewer (before a session exists). */
export const reviewerInviteRoutes: RouteObject[] = [
  {
    path: paths.reviewerInvite.pattern,
    lazy: lazyPage(() => import('./pages/reviewer-invite-page')),
  },
];

/** The review-panel creation step, for the creation-steps shell. */
export const reviewPanelStepRoutes: RouteObject[] = [
  {
    path: 'review-panel',
    lazy: lazyPage(() => import('./pages/create-review-panel-step')),
  },
];
