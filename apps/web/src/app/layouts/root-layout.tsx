import { useIsFetching } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { ConfirmDialogHost } from '../../components/confirm-dialog';
import { ConnectivityBanner } from '../../components/connectivity-banner';
import { LoadingBar } from '../../components/loading-bar';

// Sonner is fetched beside the first page, not before it: no page shows a toast before the
// user has done something (decision 184).
const Toaster = lazy(() =>
  import('../../components/toast').then((module) => ({
    default: module.Toaster,
  })),
);

/** Shared by every layout: loading bar, connectivity banner, toasts and the confirm dialog. */
export function RootLayout() {
  const navigation = useNavigation();
  // Only first loads count: background refreshes of data already shown should not flash the bar.
  const firstLoads = useIsFetching({
    predicate: (query) => query.state.data === undefined,
  });
  return (
    <>
      <LoadingBar active={navigation.state !== 'idle' || firstLoads > 0} />
      <Outlet />
      <ConnectivityBanner />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <ConfirmDialogHost />
      <ScrollRestoration />
    </>
  );
}
