import { redirect, type RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** The interviewee page (signed in, full screen) with its tabs. */
export const reviewRoutes: RouteObject[] = [
  {
    path: paths.interviewee.pattern,
    lazy: lazyPage(() => import('./pages/interviewee-page')),
    children: [
      {
        path: 'overview',
        lazy: lazyPage(() => import('./pages/overview-tab')),
      },
      {
        path: 'answer/:answer?',
        lazy: lazyPage(() => import('./pages/answer-tab')),
      },
      {
        path: 'matrix/:answer?',
        lazy: lazyPage(() => import('./pages/matrix-tab')),
      },
      { path: 'comms', lazy: lazyPage(() => import('./pages/comms-tab')) },
      {
        index: true,
        // The page itself picks an applicant when none is named.
        loader: ({ params }) =>
          params.application
            ? redirect(
                paths.interviewee(
                  params.job ?? '',
                  params.application,
                  'overview',
                ),
              )
            : null,
      },
    ],
  },
];

/** Compare answers (decision 131): signed in, full screen, beside the interviewee page. */
export const compareRoutes: RouteObject[] = [
  {
    path: paths.jobCompare.pattern,
    lazy: lazyPage(() => import('./pages/compare-page')),
  },
];

/** The interviewee's public feedback page. */
export const feedbackRoutes: RouteObject[] = [
  {
    path: paths.feedback.pattern,
    lazy: lazyPage(() => import('./pages/feedback-page')),
  },
];
