import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { ReviewPanelCard } from './review-panel-card';

const fetchMock = vi.fn<typeof fetch>();

function reply(status: number, body: unknown) {
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

function renderCard(isCompany: boolean) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <ReviewPanelCard job={3} application={7} isCompany={isCompany} />
      ),
    },
  ]);
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, view };
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the review panel card', () => {
  it('lists who has completed their own review, marking the caller', async () => {
    reply(200, {
      members: [
        {
          name: 'Alex Morgan',
          you: true,
          kind: 'company',
          completed_at: '2026-11-26T10:00:00Z',
        },
        {
          name: 'Rita Reviewer',
          you: false,
          kind: 'reviewer',
          completed_at: null,
        },
      ],
    });
    renderCard(true);

    const card = await screen.findByRole('region', { name: 'Review panel' });
    expect(within(card).getByText('1 of 2 completed')).toBeTruthy();
    const [alex, rita] = within(card).getAllByRole('listitem');
    expect(alex?.textContent).toContain('Alex Morgan (you)');
    expect(alex?.textContent).toMatch(/Completed · 26 Nov 2026/);
    expect(rita?.textContent).toContain('Rita Reviewer');
    expect(rita?.textContent).toContain('Not completed yet');
    expect(rita?.textContent).not.toContain('(you)');
    expect(
      within(card).getByRole('link', { name: 'Manage review panel' }),
    ).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/jobs/3/applications/7/panel',
    );
  });

  it('shows nothing at all to a reviewer the server refuses (403)', async () => {
    reply(403, {
      error: 'forbidden',
      message: 'Only reviewers who see all reviews see the panel.',
    });
    const { client, view } = renderCard(false);

    await vi.waitFor(() =>
      expect(client.getQueryState(['reviews', 3, 7, 'panel'])?.status).toBe(
        'error',
      ),
    );
    expect(view.container.textContent).toBe('');
    expect(screen.queryByRole('region', { name: 'Review panel' })).toBeNull();
  });
});
