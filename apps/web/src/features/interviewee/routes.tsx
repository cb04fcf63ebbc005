import type { RouteObject } from 'react-router';
import type { OfflineNoticeHandle } from '../../components/connectivity-banner';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';
import { queryClient } from '../../lib/query-client';
import { interviewQuery } from './api/get-interview';
import { inviteQuery } from './api/resolve-invite';

// Answers wait on the device while offline (decision 136): the banner must not say otherwise.
const answersKeptOffline: OfflineNoticeHandle = {
  offlineNotice: 'answersKept',
};

// The candidate's pages need only the translations of the first download (decision 184).
const FIRST_PAINT = { firstPaint: true };

/** The interviewee's public, full-screen pages (recording code loads only here). */
export const intervieweeRoutes: RouteObject[] = [
  {
    path: paths.intervieweeInvite.pattern,
    handle: answersKeptOffline,
    // The link is resolved and the interview fetched while the page's code downloads, not
    // after it (decision 184); the page reads both from the cache, or asks again on an error.
    loader: ({ params }) => {
      if (params.shortcode)
        void queryClient
          .fetchQuery(inviteQuery(params.shortcode))
          .then((token) => queryClient.prefetchQuery(interviewQuery(token)))
          .catch(() => undefined);
      return null;
    },
    lazy: lazyPage(() => import('./pages/invite-page'), FIRST_PAINT),
  },
  {
    path: paths.sso.pattern,
    handle: answersKeptOffline,
    lazy: lazyPage(() => import('./pages/invite-page'), FIRST_PAINT),
  },
  {
    path: paths.publicJob.pattern,
    lazy: lazyPage(() => import('./pages/public-job-page'), FIRST_PAINT),
  },
];
