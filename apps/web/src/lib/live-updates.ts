import { isApiError } from './api-client';

/**
 * Query options for pages that show what colleagues change (a stage, a decision): read again
 * every 30 s while the tab is visible, and on return to a tab whose data is stale (decision
 * 128). Each read is one of the statements already tuned for the pages (decision 113), so a
 * recruiter with the page open costs two reads a minute.
 */
export const LIVE_REFRESH_MS = 30_000;

export const liveRefresh = {
  refetchInterval: LIVE_REFRESH_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
} as const;

type PolledQuery = { state: { error: unknown } };

/** A refusal (4xx) will not change by itself: stop reading again until the page is opened anew. */
const isRefused = (query: PolledQuery) =>
  isApiError(query.state.error) &&
  query.state.error.status >= 400 &&
  query.state.error.status < 500;

/**
 * `liveRefresh` for reads some callers may not make (the review panel answers 403 to a reviewer
 * without all reviews): polling stops on a refusal instead of asking every 30 s.
 */
export const liveRefreshUnlessRefused = {
  refetchInterval: (query: PolledQuery) =>
    isRefused(query) ? false : LIVE_REFRESH_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: (query: PolledQuery) => !isRefused(query),
} as const;
