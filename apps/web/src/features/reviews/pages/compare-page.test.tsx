import type {
  Answer,
  AnswerReview,
  ApplicationReply,
  CurrentUser,
  Job,
  Question,
} from '@candor/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  cleanup,
  fireEvent,
  render,
  screen,
  within,
} from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { jobKeys } from '../../../lib/jobs/job-queries';
import { paths } from '../../../lib/paths';
import ComparePage from './compare-page';
import { applicationReply } from '../../../test-support/application-reply';

const JOB = 3;
const ME = 1;

function question(id: number, text: string): Question {
  return {
    id,
    job: JOB,
    text,
    thinking_time: 30,
    time_limit: 120,
    competency: 1,
    competency_name: 'Communication',
    review_competency: null,
    review_competency_name: null,
    order: id,
    media: 'tts',
    answer_type: 'video',
    max_characters: null,
    options: [],
    multiple: false,
    speech_status: 'ready',
    has_captions: true,
    video_id: null,
    video: null,
    url: `/api/jobs/${JOB}/questions/${id}`,
  };
}

const applicant = (id: number, fullName: string) =>
  applicationReply(id, fullName, { job: JOB });

function answer(id: number, application: number, questionId: number): Answer {
  return {
    id,
    application,
    question: `/api/jobs/${JOB}/questions/${questionId}`,
    question_id: questionId,
    question_text: `Question ${questionId}`,
    order: questionId,
    removed: false,
    status: 'ready',
    answer_type: 'video',
    text: null,
    choices: null,
    video: {
      url: `https://videos.test/${id}.mp4`,
      thumbnail: null,
      duration: 40,
    },
    thinking_time: 10,
    time_limit: 120,
    created_at: '2026-11-21T10:00:00Z',
  };
}

function rating(
  answerId: number,
  application: number,
  author: { id: number; full_name: string },
  value: number,
): AnswerReview {
  return {
    id: answerId * 10 + author.id,
    answer: answerId,
    answer_id: answerId,
    application,
    rating: value,
    user: author.id,
    author,
    updated_at: '2026-11-22T10:00:00Z',
  };
}

const ada = applicant(7, 'Ada Lovelace');
const grace = applicant(8, 'Grace Hopper');
const alan = { ...applicant(9, 'Alan Turing'), stage: 'Reviewed' as const };
const katherine = applicant(10, 'Katherine Johnson');
const hedy = applicant(11, 'Hedy Lamarr');
const emptyList = (results: ApplicationReply[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  filters: [],
  stages: {
    ToInvite: 0,
    AwaitingResponse: 0,
    Responded: 2,
    Reviewed: 1,
    Outcomes: 0,
  },
});
const paged = <T,>(results: T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

/** What the server answers: Grace did not answer question 11; only Ada has ratings. */
function reply(url: URL): unknown {
  const application = Number(url.searchParams.get('application'));
  switch (url.pathname) {
    case `/api/jobs/${JOB}/questions`:
      return paged([
        question(11, 'Tell us about a project you led.'),
        question(12, 'Why this role?'),
      ]);
    case `/api/jobs/${JOB}/applications`:
      return emptyList(
        {
          Responded: [ada, grace],
          Reviewed: [alan],
          Outcomes: [katherine, hedy],
        }[url.searchParams.get('status') ?? ''] ?? [],
      );
    case `/api/jobs/${JOB}/answers`:
      return paged(
        {
          7: [answer(71, 7, 11), answer(72, 7, 12)],
          8: [answer(82, 8, 12)],
          9: [answer(91, 9, 11), answer(92, 9, 12)],
          10: [answer(102, 10, 12)],
        }[application] ?? [],
      );
    case `/api/jobs/${JOB}/answerreviews`:
      return application === 7
        ? [
            rating(71, 7, { id: ME, full_name: 'Me Myself' }, 4),
            rating(71, 7, { id: 2, full_name: 'Alex Morgan' }, 2),
          ]
        : [];
    default:
      throw new Error(`Unexpected request ${url.pathname}`);
  }
}

const fetchMock = vi.fn<typeof fetch>();

function renderPage(url: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
  });
  // The signed-in route's loader put these in the cache before the page rendered.
  client.setQueryData(['session', 'user'], {
    id: ME,
    full_name: 'Me Myself',
    current_company: null,
  } as unknown as CurrentUser);
  client.setQueryData(jobKeys.detail(JOB), {
    id: JOB,
    title: 'Senior engineer',
    rating_scale: 5,
  } as unknown as Job);
  const router = createMemoryRouter(
    [{ path: paths.jobCompare.pattern, element: <ComparePage /> }],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const column = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      new Response(
        JSON.stringify(reply(new URL(String(input), 'http://localhost'))),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('Compare answers', () => {
  it("shows each chosen interviewee's answer to one question side by side, with the ratings the caller may see", async () => {
    renderPage(paths.jobCompare(JOB, { question: 11, applications: [7, 8] }));

    const adaColumn = await screen.findByRole('region', {
      name: 'Ada Lovelace',
    });
    expect(
      await within(adaColumn).findByLabelText('Answer by Ada Lovelace'),
    ).toHaveProperty('src', 'https://videos.test/71.mp4');
    expect(within(adaColumn).getByText('Your rating')).toBeTruthy();
    expect(await within(adaColumn).findByText('4')).toBeTruthy();
    expect(within(adaColumn).getByText('Alex Morgan')).toBeTruthy();

    const graceColumn = column('Grace Hopper');
    expect(
      await within(graceColumn).findByText('No answer to this question'),
    ).toBeTruthy();
    expect(within(graceColumn).queryByRole('video')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Alan Turing' })).toBeNull();
  });

  it('changes question and interviewees from the pickers, up to four', async () => {
    const router = renderPage(
      paths.jobCompare(JOB, { question: 11, applications: [7, 8] }),
    );
    await screen.findByRole('region', { name: 'Grace Hopper' });

    fireEvent.change(screen.getByLabelText('Question'), {
      target: { value: '12' },
    });
    expect(
      await within(column('Grace Hopper')).findByLabelText(
        'Answer by Grace Hopper',
      ),
    ).toHaveProperty('src', 'https://videos.test/82.mp4');
    expect(
      within(column('Ada Lovelace')).getByText('Not rated yet'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Alan Turing' }));
    expect(
      await screen.findByRole('region', { name: 'Alan Turing' }),
    ).toBeTruthy();
    expect(router.state.location.search).toBe(
      '?question=12&applications=7%2C8%2C9',
    );
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Katherine Johnson' }),
    );
    await screen.findByRole('region', { name: 'Katherine Johnson' });
    // A fifth column would be too narrow to judge a video in.
    expect(
      screen.getByRole('checkbox', { name: 'Hedy Lamarr' }),
    ).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Ada Lovelace' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Grace Hopper' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Alan Turing' }));
    expect(
      await screen.findByText('Choose at least two interviewees'),
    ).toBeTruthy();
  });

  it('leaves out anyone the list API did not give the caller', async () => {
    // 42 is someone this reviewer may not see: the applications list left them out.
    renderPage(paths.jobCompare(JOB, { question: 11, applications: [7, 42] }));
    expect(
      await screen.findByText('Choose at least two interviewees'),
    ).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([input]) =>
        String(input).includes('application=42'),
      ),
    ).toBe(false);
  });
});
