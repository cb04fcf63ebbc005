import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { prefetchRoutes } from '../lib/lazy-page';
import { paths } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import {
  accountConflictRoutes,
  accountRoutes,
  confirmEmailRoutes,
} from '../features/account/routes';
import { authRoutes } from '../features/auth/routes';
import { companyRoutes } from '../features/companies/routes';
import { joinRoutes, teamRoutes } from '../features/team/routes';
import { apiKeysRoutes } from '../features/api-keys/routes';
import { auditLogRoutes } from '../features/audit-log/routes';
import { domainsRoutes } from '../features/domains/routes';
import { integrationsRoutes } from '../features/integrations/routes';
import { webhooksRoutes } from '../features/webhooks/routes';
import { jobsRoutes } from '../features/jobs/routes';
import {
  createStartRoutes,
  createStepRoutes,
  jobEditRoutes,
} from '../features/create/routes';
import { legalRoutes } from '../features/legal/routes';
import { intervieweeRoutes } from '../features/interviewee/routes';
import {
  manageMarketplaceRoutes,
  publicMarketplaceRoutes,
} from '../features/marketplace/routes';
import { reportRoutes } from '../features/reports/routes';
import { videoRoutes, videoStepRoutes } from '../features/videos/routes';
import {
  compareRoutes,
  feedbackRoutes,
  reviewRoutes,
} from '../features/reviews/routes';
import {
  reviewerInviteRoutes,
  reviewerRoutes,
  reviewPanelStepRoutes,
} from '../features/reviewers/routes';
import { applicationRoutes } from '../features/applications/routes';
import { calibrationRoutes } from '../features/calibration/routes';
import { sharedRoutes } from '../features/share-links/routes';
import { reminderUnsubscribeRoutes } from '../features/reminders/routes';
import { emailRoutes, emailStepRoutes } from '../features/emails/routes';
import { ErrorPage, StandaloneErrorPage } from './error-page';
import { StartingUp } from './starting-up';
import { AuthLayout } from './layouts/auth-layout';
import { FullscreenLayout } from './layouts/fullscreen-layout';
import { LandingLayout } from './layouts/landing-layout';
import { RootLayout } from './layouts/root-layout';
import { notFoundLoader, rootLoader, sessionLoader } from './session-loaders';

/*
 * Each feature exports route arrays from `features/<feature>/routes.tsx`; add yours to the
 * list of the layout it uses (one line each). See docs/web-guide.md.
 */

/** Signed in, with header and footer. */
const defaultLayoutRoutes: RouteObject[] = [
  { index: true, loader: () => redirect(paths.interviews) },
  ...accountRoutes,
  ...companyRoutes,
  ...teamRoutes,
  ...apiKeysRoutes,
  ...auditLogRoutes,
  ...domainsRoutes,
  ...integrationsRoutes,
  ...webhooksRoutes,
  ...jobsRoutes,
  ...createStartRoutes,
  ...jobEditRoutes,
  ...videoRoutes,
  ...manageMarketplaceRoutes,
  ...reportRoutes,
  ...reviewerRoutes,
  ...calibrationRoutes,
  ...applicationRoutes,
  ...emailRoutes,
];

/** Signed in, full screen (creation steps, reviewing). */
const fullscreenLayoutRoutes: RouteObject[] = [
  // Creation steps; other features add their step routes to this list (docs/web-guide.md).
  ...createStepRoutes([
    ...reviewPanelStepRoutes,
    ...emailStepRoutes,
    ...videoStepRoutes,
  ]),
  ...reviewRoutes,
  ...compareRoutes,
];

/** Public pages with a light header (no session needed). */
const landingLayoutRoutes: RouteObject[] = [
  ...legalRoutes,
  ...publicMarketplaceRoutes,
];

/** Before a session exists. */
const authLayoutRoutes: RouteObject[] = [
  ...authRoutes,
  ...accountConflictRoutes,
  ...confirmEmailRoutes,
  ...reviewerInviteRoutes,
  ...joinRoutes,
  ...reminderUnsubscribeRoutes,
];

/** Public pages that bring their own full-screen layout (e.g. the interviewee's flow). */
const publicFullscreenRoutes: RouteObject[] = [
  ...intervieweeRoutes,
  ...feedbackRoutes,
  ...sharedRoutes,
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: StandaloneErrorPage,
    HydrateFallback: StartingUp,
    loader: rootLoader,
    children: [
      { Component: AuthLayout, children: authLayoutRoutes },
      { Component: LandingLayout, children: landingLayoutRoutes },
      { Component: FullscreenLayout, children: publicFullscreenRoutes },
      {
        id: 'signed-in',
        loader: sessionLoader,
        children: [
          // The pathless route with the error boundary keeps the header around a failed page.
          {
            // Its own chunk (menus, drawers, search): the candidate's and the signed-out pages
            // never load it (decision 184).
            lazy: async () => ({
              Component: (await import('./layouts/default-layout'))
                .DefaultLayout,
            }),
            children: [
              { ErrorBoundary: ErrorPage, children: defaultLayoutRoutes },
            ],
          },
          {
            Component: FullscreenLayout,
            children: [
              {
                ErrorBoundary: StandaloneErrorPage,
                children: fullscreenLayoutRoutes,
              },
            ],
          },
        ],
      },
      { path: '*', loader: notFoundLoader },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A 401 anywhere (an expired session) sends the user to sign in, keeping where they were.
setUnauthorizedHandler(() => {
  const { pathname, search } = router.state.location;
  if (pathname === paths.login) return;
  // The cache is cleared on the next sign-in; clearing it now would re-suspend the open page.
  void router.navigate(
    `${paths.login}?next=${encodeURIComponent(pathname + search)}`,
  );
});

/**
 * Resolves once the first page is shown and no query is loading (at the latest after 10 s).
 * Chunks prefetched earlier were fetched and run while the dashboard still waited for its
 * list, and delayed the list by about 300 ms on the bench machine (decision 084).
 */
function firstPageSettled(): Promise<void> {
  return new Promise((resolve) => {
    const stops: (() => void)[] = [];
    const done = () => {
      for (const stop of stops) stop();
      resolve();
    };
    const check = () => {
      const { initialized, navigation } = router.state;
      if (
        initialized &&
        navigation.state === 'idle' &&
        !queryClient.isFetching()
      )
        done();
    };
    const timer = setTimeout(done, 10_000);
    stops.push(
      () => clearTimeout(timer),
      router.subscribe(check),
      queryClient.getQueryCache().subscribe(check),
    );
    check();
  });
}

/**
 * Resolves once a signed-in page is shown: the routes prefetched are the dashboard's, which a
 * candidate or a visitor who has not signed in never opens (decision 184).
 */
function signedIn(): Promise<void> {
  const isSignedIn = () =>
    router.state.matches.some((match) => match.route.id === 'signed-in');
  return new Promise((resolve) => {
    if (isSignedIn()) return resolve();
    const stop = router.subscribe(() => {
      if (!isSignedIn()) return;
      stop();
      resolve();
    });
  });
}

void signedIn()
  .then(firstPageSettled)
  .then(() => prefetchRoutes(routes));
