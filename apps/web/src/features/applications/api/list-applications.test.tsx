import { STAGES, type ApplicationList } from '@candor/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REFRESH_MS } from '../../../lib/live-updates';
import { useApplications } from './list-applications';

const fetchMock = vi.fn<typeof fetch>();

/** A list reply whose only difference is how many interviewees have responded. */
function listWithResponded(responded: number): ApplicationList {
  const stages = Object.fromEntries(STAGES.map((stage) => [stage, 0]));
  return {
    count: 0,
    next: null,
    previous: null,
    results: [],
    filters: [],
    stages: { ...stages, Responded: responded } as ApplicationList['stages'],
  };
}

function serverSays(...replies: ApplicationList[]) {
  let read = 0;
  fetchMock.mockImplementation(() =>
    Promise.resolve(
      new Response(
        JSON.stringify(replies[Math.min(read++, replies.length - 1)]),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    ),
  );
}

function RespondedCount() {
  const list = useApplications(4, {
    stage: 'Responded',
    filter: 'All',
    page: 1,
    pageSize: 20,
    q: '',
  });
  return <p>Responded: {list.data?.stages.Responded ?? '…'}</p>;
}

function renderCount() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
  });
  return render(<RespondedCount />, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  });
}

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    // Reading a reply's body settles on real timers, which are not faked here.
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("the job page's list while it stays open", () => {
  it('shows a stage count a colleague changed, without a reload', async () => {
    serverSays(listWithResponded(2), listWithResponded(3));
    renderCount();
    expect(await screen.findByText('Responded: 2')).toBeTruthy();
    await wait(LIVE_REFRESH_MS - 1_000);
    expect(screen.getByText('Responded: 2')).toBeTruthy();
    await wait(1_000);
    expect(await screen.findByText('Responded: 3')).toBeTruthy();
  });

  it('reads nothing while the tab is hidden, and catches up once it is shown', async () => {
    serverSays(listWithResponded(2), listWithResponded(3));
    renderCount();
    await screen.findByText('Responded: 2');
    const hidden = vi
      .spyOn(document, 'visibilityState', 'get')
      .mockReturnValue('hidden');
    await wait(3 * LIVE_REFRESH_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    hidden.mockRestore();
    await wait(LIVE_REFRESH_MS);
    expect(await screen.findByText('Responded: 3')).toBeTruthy();
  });
});
