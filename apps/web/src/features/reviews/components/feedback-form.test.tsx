import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { commentsQuery } from '../api/comments';
import { FeedbackForm } from './feedback-form';

afterEach(cleanup);

function renderForm(canSend: boolean) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
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
});
