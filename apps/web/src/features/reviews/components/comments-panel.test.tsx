import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import {
  jsonReply,
  renderWithQueries,
  stubApi,
} from '../../../test-support/api-stub';
import type { IntervieweeContext } from '../interviewee-context';
import { CommentsPanel } from './comments-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const props = {
  job: { id: 1 },
  application: { id: 2 },
  user: { id: 3 },
} as unknown as Pick<IntervieweeContext, 'job' | 'application' | 'user'>;

function renderPanel(postReply: () => Response) {
  return stubApi((_url, init) =>
    init?.method === 'POST' ? postReply() : jsonReply(200, []),
  );
}

const box = () => screen.getByLabelText('Add a comment');
const post = () => screen.getByRole('button', { name: 'Post comment' });

describe('comments on the application', () => {
  it('asks for a comment before posting', async () => {
    const fetchMock = renderPanel(() => jsonReply(500, {}));
    renderWithQueries(<CommentsPanel {...props} />);
    fireEvent.click(post());
    expect(await screen.findByText('Write a comment first.')).toBeTruthy();
    expect(
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST'),
    ).toHaveLength(0);
  });

  it("shows the server's message under the box and keeps the text", async () => {
    renderPanel(() =>
      jsonReply(400, {
        message: 'Check the comment',
        code: 'validation',
        fields: { comment: ['Too long'] },
      }),
    );
    renderWithQueries(<CommentsPanel {...props} />);
    fireEvent.change(box(), { target: { value: 'Strong on empathy' } });
    fireEvent.click(post());
    expect(await screen.findByText('Too long')).toBeTruthy();
    expect(box()).toHaveProperty('value', 'Strong on empathy');
  });

  it('empties the box once the comment is posted', async () => {
    renderPanel(() =>
      jsonReply(201, {
        id: 9,
        application: 2,
        comment: 'Strong on empathy',
        is_feedback: false,
        user: null,
        created_at: '2026-11-26T10:00:00.000Z',
      }),
    );
    renderWithQueries(<CommentsPanel {...props} />);
    fireEvent.change(box(), { target: { value: 'Strong on empathy' } });
    fireEvent.click(post());
    await vi.waitFor(() => expect(box()).toHaveProperty('value', ''));
  });
});
