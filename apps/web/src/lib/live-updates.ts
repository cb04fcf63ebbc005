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
