import type { ApplicationReply, Job } from '@candor/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { reviewKeys } from '../api/keys';
import { DecisionPanel, ownReviewState } from './decision-panel';
import { applicationReply } from '../../../test-support/application-reply';

const job = {
  id: 3,
  title: 'Support advisor',
  rating_style: 0,
  rating_scale: 5,
  sjt_assessment: false,
} as unknown as Job;

const applicant = (change: Partial<ApplicationReply> = {}) =>
  applicationReply(7, 'Ada Lovelace', { job: job.id, ...change });

const someoneElseCompleted = {
  stage: 'Reviewed' as const,
  reviewed_at: '2026-11-25T09:00:00Z',
  review_completed_at: null,
};
const iCompleted = {
  stage: 'Reviewed' as const,
  reviewed_at: '2026-11-25T09:00:00Z',
  review_completed_at: '2026-11-26T10:00:00Z',
};

describe('ownReviewState: each person completes their own review', () => {
  it.each([
    ['nobody completed yet', {}, false, 'can-complete'],
    [
      'a colleague completed (shared reviewed_at set), not me',
      someoneElseCompleted,
      false,
      'can-complete',
    ],
    ['I completed', iCompleted, false, 'completed'],
    [
      'I completed, then it was archived',
      { ...iCompleted, archived: true },
      false,
      'completed',
    ],
    ['archived, not completed', { archived: true }, false, 'none'],
    ['an SJT assessment', {}, true, 'none'],
    ['not answered yet', { stage: 'AwaitingResponse' as const }, false, 'none'],
    ['already decided', { stage: 'Outcomes' as const }, false, 'none'],
  ] as const)('%s', (_, change, sjt, expected) => {
    expect(
      ownReviewState({ sjt_assessment: sjt }, applicant({ ...change })),
    ).toBe(expected);
  });
});

const fetchMock = vi.fn<typeof fetch>();

function renderPanel(application: ApplicationReply) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  render(
    <QueryClientProvider client={client}>
      <DecisionPanel job={job} application={application} />
    </QueryClientProvider>,
  );
  return client;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the decision panel', () => {
  it('offers "Mark review complete" to a reviewer whose colleague has already completed', () => {
    renderPanel(applicant(someoneElseCompleted));
    expect(
      screen.getByRole('button', { name: 'Mark review complete' }),
    ).toBeTruthy();
    expect(screen.queryByText('Your review is complete')).toBeNull();
  });

  it('says "Your review is complete", with no button, once the caller completed', () => {
    renderPanel(applicant(iCompleted));
    expect(screen.getByText('Your review is complete')).toBeTruthy();
    expect(
      screen.queryByRole('button', { name: 'Mark review complete' }),
    ).toBeNull();
  });

  it('offers neither on an archived interviewee the caller did not complete', () => {
    renderPanel(applicant({ archived: true }));
    expect(
      screen.queryByRole('button', { name: 'Mark review complete' }),
    ).toBeNull();
    expect(screen.queryByText('Your review is complete')).toBeNull();
  });

  it("posts the caller's completion and reads the interviewee and its panel again", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(applicant(iCompleted)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const client = renderPanel(applicant(someoneElseCompleted));
    const panelKey = reviewKeys.part(job.id, 7, 'panel');
    client.setQueryData(panelKey, { members: [] });

    fireEvent.click(
      screen.getByRole('button', { name: 'Mark review complete' }),
    );

    await vi.waitFor(() =>
      expect(client.getQueryState(panelKey)?.isInvalidated).toBe(true),
    );
    // (The CSRF cookie is fetched first.)
    const posted = fetchMock.mock.calls.find(
      ([, init]) => init?.method === 'POST',
    );
    expect(String(posted?.[0])).toBe('/api/jobs/3/applications/7/reviewed');
  });
});
