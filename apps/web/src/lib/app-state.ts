import { useSyncExternalStore } from 'react';

/**
 * The spec's global UI state (section 3) that outlives a single page: the dashboard filter,
 * the last chosen job-page tabs. Server data (user, constants) lives in TanStack Query.
 */
export type AppState = {
  dashboardFilter: {
    status: 'all' | 'Draft' | 'Published' | 'Archived';
    view: 'all' | 'mine' | 'assigned';
  };
  awaitingStatus: string;
  respondedStatus: string;
  shortlistedStatus: string;
  interviewTab: string;
};

const initialState: AppState = {
  dashboardFilter: { status: 'all', view: 'all' },
  awaitingStatus: 'all',
  respondedStatus: 'all',
  shortlistedStatus: 'all',
  interviewTab: 'ToInvite',
};

let state = initialState;
const listeners = new Set<() => void>();

export function getAppState(): AppState {
  return state;
}

export function setAppState(change: Partial<AppState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `const filter = useAppState((s) => s.dashboardFilter)`; change it with `setAppState`. */
export function useAppState<T>(select: (state: AppState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state));
}
