import type { Answer } from '@candor/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { AnswerPlayer } from '../components/answer-player';
import {
  PROCESSING_POLL_MS,
  SLOW_PROCESSING_POLL_MS,
  answersPollInterval,
  useAnswers,
} from './get-answers';

const NOW = Date.parse('2026-11-26T10:00:00Z');

function answer(id: number, overrides: Partial<Answer> = {}): Answer {
  return {
    id,
    application: 7,
    question: `/api/jobs/3/questions/${id}`,
    question_id: id,
    question_text: `Question ${id}`,
    order: id,
    removed: false,
    status: 'processing',
    video: null,
    answer_type: 'video',
    text: null,
    choices: null,
    thinking_time: 30,
    time_limit: 120,
    created_at: new Date(NOW - 20_000).toISOString(),
    ...overrides,
  };
}

const ready = (id: number, url: string): Answer =>
  answer(id, {
    status: 'ready',
    video: { url, thumbnail: null, duration: 12 },
  });

const page = (results: Answer[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

const fetchMock = vi.fn<typeof fetch>();

/** Each read of the answers gets the next reply of the server; the last one repeats. */
function serverSays(...replies: Answer[][]) {
  let read = 0;
  fetchMock.mockImplementation(() => {
    const results = replies[Math.min(read++, replies.length - 1)] ?? [];
    return Promise.resolve(
      new Response(JSON.stringify(page(results)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
}

/** What the answer tab shows: a player per answer, from the same query. */
function Answers() {
  const answers = useAnswers(3, 7);
  return (
    <>
      {answers.data?.map((item, index) => (
        <AnswerPlayer key={item.id} answer={item} index={index} />
      ))}
    </>
  );
}

function renderAnswers() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return render(<Answers />, { wrapper });
}

/** Lets `ms` pass on the page's clock, then lets the reads it started reach the page. */
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    // Reading a reply's body settles on real timers, which are not faked here.
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // Only the query's interval and the clock are faked: Testing Library keeps its own timers.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('answers that finish processing while the page is open', () => {
  it('shows the player once the server says the video is ready, without a reload', async () => {
    serverSays([answer(1)], [answer(1)], [ready(1, '/files/one.mp4?s=a')]);
    renderAnswers();
    expect(
      await screen.findByText('The video is being processed…'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Answer to question 1')).toBeNull();

    await wait(PROCESSING_POLL_MS);
    expect(screen.getByText('The video is being processed…')).toBeTruthy();
    await wait(PROCESSING_POLL_MS);
    const video = await screen.findByLabelText('Answer to question 1');
    expect(video.getAttribute('src')).toBe('/files/one.mp4?s=a');
    expect(screen.queryByText('The video is being processed…')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('stops reading the answers again once none is processing', async () => {
    serverSays([answer(1)], [ready(1, '/files/one.mp4?s=a')]);
    renderAnswers();
    await screen.findByText('The video is being processed…');
    await wait(PROCESSING_POLL_MS);
    await screen.findByLabelText('Answer to question 1');
    await wait(10 * PROCESSING_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never reads them again when every answer already plays', async () => {
    serverSays([ready(1, '/files/one.mp4?s=a')]);
    renderAnswers();
    await screen.findByLabelText('Answer to question 1');
    await wait(10 * PROCESSING_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the video being watched on its URL while another answer is processed', async () => {
    // Every read signs the URLs afresh; a new src would restart the video being watched.
    serverSays(
      [ready(1, '/files/one.mp4?s=a'), answer(2)],
      [ready(1, '/files/one.mp4?s=b'), ready(2, '/files/two.mp4?s=b')],
    );
    renderAnswers();
    const first = await screen.findByLabelText('Answer to question 1');
    await wait(PROCESSING_POLL_MS);
    const second = await screen.findByLabelText('Answer to question 2');
    expect(second.getAttribute('src')).toBe('/files/two.mp4?s=b');
    expect(screen.getByLabelText('Answer to question 1')).toBe(first);
    expect(first.getAttribute('src')).toBe('/files/one.mp4?s=a');
  });
});

describe('how often the answers are read again', () => {
  it.each([
    ['nothing is processing', [ready(1, 'u')], false],
    [
      'an answer arrived 20 s ago',
      [ready(1, 'u'), answer(2)],
      PROCESSING_POLL_MS,
    ],
    [
      'the only processing answer arrived 11 minutes ago',
      [answer(2, { created_at: new Date(NOW - 11 * 60_000).toISOString() })],
      SLOW_PROCESSING_POLL_MS,
    ],
    ['no answers', [], false],
  ] as const)('%s', (_, answers, expected) => {
    expect(answersPollInterval(answers, NOW)).toBe(expected);
  });
});
