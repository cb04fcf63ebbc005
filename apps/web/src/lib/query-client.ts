import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n';
import { isApiError } from './api-client';

// A dropped connection is the one failure every screen reports the same way; other errors
// are handled (or deliberately ignored, spec section 8) where the call is made.
function reportNetworkFailure(error: unknown): void {
  // Sonner is not part of the first download (decision 184); the root layout has fetched it
  // already to show its toasts.
  if (isApiError(error) && error.isNetworkError)
    void import('../components/toast').then(({ toast }) =>
      toast.error(i18n.t('common:errors.networkTitle'), {
        id: 'network-failure',
        description: i18n.t('common:errors.networkDescription'),
      }),
    );
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportNetworkFailure }),
  mutationCache: new MutationCache({ onError: reportNetworkFailure }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // 4xx replies will not change on retry; a network blip might.
      retry: (failureCount, error) =>
        failureCount < 2 &&
        (!isApiError(error) || error.status === 0 || error.status >= 500),
    },
  },
});
