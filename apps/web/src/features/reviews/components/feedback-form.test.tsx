import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import {
  jsonReply,
  stubApi,
  stubPendingApi,
} from '../../../test-support/api-stub';
import { commentsQuery } from '../api/comments';
import { FeedbackForm } from './feedback-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(canSend: boolean) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  client.setDefaultOptions({
    queries: { staleTime: Infinity, retry: false },
    mutations: { retry: false },
  });
  client.setQueryData(commentsQuery(1, 2).queryKey, [
    {
      id: 5,
      application: 2,
      comment: 'Thank you for your answers.',
      is_feedback: true,
      user: { id: 9, full_name: 'Alex Morgan' },
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ]);
  render(
    <QueryClientProvider client={client}>
      <FeedbackForm job={1} application={2} userId={3} canSend={canSend} />
    </QueryClientProvider>,
  );
}

describe('feedback for the interviewee', () => {
  it('offers the form to someone who may shortlist and reject', () => {
    renderForm(true);
    expect(screen.getByLabelText('Feedback')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save feedback' })).toBeTruthy();
  });

  it('shows a rate-only reviewer what was given and why they cannot add to it, with no form', () => {
    renderForm(false);
    expect(screen.getByText('Thank you for your answers.')).toBeTruthy();
    expect(
      screen.getByText(
        'Feedback to the interviewee is sent by those who may shortlist and reject.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Feedback')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save feedback' })).toBeNull();
  });

  it('asks for a comment before sending anything', async () => {
    const fetchMock = stubApi(() => jsonReply(500, {}));
    renderForm(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save feedback' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A comment is required to save feedback.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message under the field and keeps the text", async () => {
    stubApi(() =>
      jsonReply(400, {
        message: 'Check the form',
        code: 'validation',
        fields: { comment: ['Too long'] },
      }),
    );
    renderForm(true);
    const field = screen.getByLabelText('Feedback');
    fireEvent.change(field, { target: { value: 'Well structured answers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save feedback' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too long');
    expect(field).toHaveProperty('value', 'Well structured answers');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('disables Save while the feedback is being sent', async () => {
    stubPendingApi();
    renderForm(true);
    fireEvent.change(screen.getByLabelText('Feedback'), {
      target: { value: 'Thanks' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save feedback' }));
    await vi.waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Save feedback' }),
      ).toHaveProperty('disabled', true),
    );
  });
});
