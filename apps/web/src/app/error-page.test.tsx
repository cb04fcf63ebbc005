import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n';
import { ApiError } from '../lib/api-client';
import { ErrorPage } from './error-page';

afterEach(cleanup);

function renderThrowing(error: unknown) {
  const router = createMemoryRouter([
    {
      path: '/',
      ErrorBoundary: ErrorPage,
      loader: () => {
        throw error;
      },
      Component: () => null,
      HydrateFallback: () => null,
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('ErrorPage', () => {
  it("shows 'Page not found' for a 404 with a Home page link to /interviews", async () => {
    renderThrowing(data('This page could not be found.', { status: 404 }));
    expect(
      await screen.findByRole('heading', { name: 'Page not found' }),
    ).toBeTruthy();
    expect(screen.getByText('This page could not be found.')).toBeTruthy();
    expect(screen.getByTestId('error-status').textContent).toBe('404');
    expect(
      screen.getByRole('link', { name: 'Home page' }).getAttribute('href'),
    ).toBe('/interviews');
    // The title is set by an effect, which may run after the heading is found.
    await waitFor(() => expect(document.title).toBe('Page not found - Candor'));
  });

  it("shows 'An error occurred' with the status and message of a route error", async () => {
    renderThrowing(new ApiError(403, 'Only company users can do this.'));
    expect(
      await screen.findByRole('heading', { name: 'An error occurred' }),
    ).toBeTruthy();
    expect(screen.getByTestId('error-status').textContent).toBe('403');
    expect(screen.getByTestId('error-message').textContent).toBe(
      'Only company users can do this.',
    );
  });

  it('defaults to 500 for an error without a status', async () => {
    renderThrowing(new Error('Boom'));
    expect(
      await screen.findByRole('heading', { name: 'An error occurred' }),
    ).toBeTruthy();
    expect(screen.getByTestId('error-status').textContent).toBe('500');
    expect(screen.getByTestId('error-message').textContent).toBe('Boom');
  });
});
