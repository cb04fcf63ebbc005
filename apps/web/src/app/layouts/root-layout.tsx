import { useIsFetching } from '@tanstack/react-query';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { ConfirmDialogHost } from '../../components/confirm-dialog';
import { ConnectivityBanner } from '../../components/connectivity-banner';
import { LoadingBar } from '../../components/loading-bar';
import { Toaster } from '../../components/toast';

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
      <Toaster />
      <ConfirmDialogHost />
      <ScrollRestoration />
    </>
  );
}
