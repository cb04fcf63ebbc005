import { CONSTANTS, type CurrentUser } from '@candor/domain';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { queryClient } from '../lib/query-client';
import { jobsRoutes } from '../features/jobs/routes';
import { rootLoader, sessionLoader } from './session-loaders';

/** Each call to the API waits until the test answers it, so the test sees what is in flight. */
type Call = { path: string; answer: (status: number, body: unknown) => void };
let calls: Call[] = [];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  // Cold: nothing cached, whatever an earlier file left in the shared client (vitest.config.ts).
  queryClient.clear();
  calls = [];
  fetchMock.mockImplementation(
    (input) =>
      new Promise<Response>((resolve) => {
        calls.push({
          path: new URL(String(input), 'http://localhost').pathname,
          answer: (status, body) =>
            resolve(
              new Response(JSON.stringify(body), {
                status,
                headers: { 'Content-Type': 'application/json' },
              }),
            ),
        });
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  queryClient.clear();
  await i18n.changeLanguage('en-gb');
});

// The app's tree around the dashboard: the root, the signed-in loader, the dashboard's route.
const routes: RouteObject[] = [
  {
    id: 'root',
    loader: rootLoader,
    children: [
      { path: '/login', Component: () => null },
      { id: 'signed-in', loader: sessionLoader, children: jobsRoutes },
    ],
  },
];

const inFlight = () => calls.map((call) => call.path).sort();
const answer = (path: string, status: number, body: unknown) =>
  calls.find((call) => call.path === path)?.answer(status, body);

const user: CurrentUser = {
  id: 7,
  first_name: 'Ann',
  last_name: 'Lee',
  full_name: 'Ann Lee',
  email: 'ann@example.test',
  locale: 'fr-fr',
  current_company: null,
  company_count: 0,
};

describe('opening the dashboard cold', () => {
  it('asks for the user, the constants and the list at once, and shows it in the account’s language', async () => {
    const router = createMemoryRouter(routes, {
      initialEntries: ['/interviews'],
    });
    // All three are requested before any of them has answered.
    await vi.waitFor(() =>
      expect(inFlight()).toEqual(['/api/constants', '/api/jobs', '/api/user']),
    );

    answer('/api/jobs', 200, {
      count: 0,
      next: null,
      previous: null,
      results: [],
      to_review: 0,
    });
    answer('/api/constants', 200, CONSTANTS);
    answer('/api/user', 200, user);
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), {
      timeout: 5000,
    });

    expect(router.state.location.pathname).toBe('/interviews');
    expect(router.state.errors).toBeNull();
    expect(i18n.t('jobs:title')).toBe('Entretiens');
    expect(document.documentElement.lang).toBe('fr-FR');
    // The page finds its list in the cache: no second request.
    expect(
      queryClient.getQueryCache().findAll({ queryKey: ['jobs', 'list'] })[0]
        ?.state.data,
    ).toMatchObject({ count: 0 });
    expect(inFlight()).toEqual(['/api/constants', '/api/jobs', '/api/user']);
  });

  it('sends a visitor without a session to sign in, with no error on the way', async () => {
    const router = createMemoryRouter(routes, {
      initialEntries: ['/interviews?status=all'],
    });
    await vi.waitFor(() => expect(inFlight()).toHaveLength(3));
    const notSignedIn = { message: 'Sign in first.', code: 'unauthenticated' };
    answer('/api/jobs', 401, notSignedIn);
    answer('/api/user', 401, notSignedIn);
    answer('/api/constants', 200, CONSTANTS);
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/login'),
    );

    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/interviews?status=all')}`,
    );
    expect(router.state.errors).toBeNull();
    expect(i18n.language).toBe('en-gb');
  });
});
