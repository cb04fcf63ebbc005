import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

/** Renders with a fresh query client that never retries, so a failed call shows at once. */
export function renderWithQueries(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  return {
    client,
    ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>),
  };
}

export const jsonReply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Replaces fetch; `reply` answers every call. A CSRF cookie is set so a POST does not fetch
 * one first. Call `vi.unstubAllGlobals()` after each test.
 */
export function stubApi(reply: (url: string, init?: RequestInit) => Response) {
  document.cookie = 'csrftoken=test';
  const fetchMock = vi.fn<typeof fetch>((input, init) =>
    Promise.resolve(reply(String(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A fetch that never answers: the mutation stays pending. */
export function stubPendingApi() {
  document.cookie = 'csrftoken=test';
  const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
