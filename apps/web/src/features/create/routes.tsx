import { redirect, type RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths, type CreateStep } from '../../lib/paths';

/** /create: start from scratch or from a template (with header and footer). */
export const createStartRoutes: RouteObject[] = [
  {
    path: paths.create,
    lazy: lazyPage(() => import('./pages/create-start-page')),
    handle: { prefetch: true },
  },
];

/** /interviews/{job}/details: editing an interview's details and questions (default layout). */
export const jobEditRoutes: RouteObject[] = [
  {
    path: paths.jobDetails.pattern,
    lazy: lazyPage(() => import('./pages/job-details-page')),
  },
];

/** Steps whose content other features provide; until they do, a placeholder keeps the flow going. */
const SLOT_STEPS: CreateStep[] = [
  'videos',
  'edit-email',
  'emails',
  'review-panel',
];

/**
 * The creation steps (full screen). Other features pass their step routes, each
 * `{ path: '<step>', lazy: … }`; the step reads the job with `useCreateStep()` (lib/create-step).
 * See docs/web-guide.md, "Creation steps".
 */
export function createStepRoutes(otherSteps: RouteObject[]): RouteObject[] {
  const provided = new Set(otherSteps.map((route) => route.path));
  const placeholders = SLOT_STEPS.filter((step) => !provided.has(step)).map(
    (step) => ({
      path: step,
      lazy: lazyPage(() => import('./pages/placeholder-step')),
    }),
  );
  return [
    {
      path: paths.createDetails,
      lazy: lazyPage(() => import('./pages/new-job-page')),
    },
    {
      path: '/create/:job',
      lazy: lazyPage(() => import('./pages/create-shell')),
      children: [
        { index: true, loader: () => redirect('details') },
        {
          path: 'details',
          lazy: lazyPage(() => import('./pages/details-step')),
        },
        {
          path: 'add-questions',
          lazy: lazyPage(() => import('./pages/add-questions-step')),
        },
        {
          path: 'preview',
          lazy: lazyPage(() => import('./pages/preview-step')),
        },
        {
          path: 'summary',
          lazy: lazyPage(() => import('./pages/summary-step')),
        },
        ...otherSteps,
        ...placeholders,
      ],
    },
  ];
}
