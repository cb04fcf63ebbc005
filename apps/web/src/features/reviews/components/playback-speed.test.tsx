import type { Answer, CurrentUser } from '@candor/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  act,
  cleanup,
  fireEvent,
  render,
  screen,
} from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { currentUserQuery } from '../../../lib/session';
import { AnswerPlayer } from './answer-player';
import { ShortcutsPopover } from './shortcuts-popover';
import { usePlaybackSpeedKeys } from './use-playback-speed';

// Radix positions the popover; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const reviewer = (id: number): CurrentUser => ({
  id,
  first_name: 'Riley',
  last_name: 'Reviewer',
  full_name: 'Riley Reviewer',
  email: `reviewer${id}@example.com`,
  locale: 'en-gb',
  current_company: null,
  company_count: 0,
});

const answer = (id: number): Answer => ({
  id,
  application: 7,
  question: `/api/jobs/3/questions/${id}`,
  question_id: id,
  question_text: `Question ${id}`,
  order: id,
  removed: false,
  status: 'ready',
  answer_type: 'video',
  text: null,
  choices: null,
  video: { url: `/media/answer-${id}.mp4`, thumbnail: null, duration: 40 },
  thinking_time: 30,
  time_limit: 120,
  created_at: '2026-11-26T10:00:00Z',
});

function SpeedKeys() {
  usePlaybackSpeedKeys();
  return null;
}

/** The answer page as a signed-in reviewer sees it: one player, the page's speed keys. */
function renderAnswer(userId: number, id: number) {
  const client = new QueryClient();
  client.setQueryData(currentUserQuery.queryKey, reviewer(userId));
  return render(
    <QueryClientProvider client={client}>
      <SpeedKeys />
      <AnswerPlayer answer={answer(id)} index={0} />
    </QueryClientProvider>,
  );
}

const video = () =>
  screen.getByLabelText<HTMLVideoElement>('Answer to question 1');

describe('playback speed', () => {
  it('plays the video at 1.5× when the reviewer chooses 1.5×', () => {
    renderAnswer(5, 1);
    expect(video().playbackRate).toBe(1);
    const group = screen.getByRole('group', { name: 'Playback speed' });
    expect(group.textContent).toContain('1.25×');

    fireEvent.click(screen.getByRole('radio', { name: '1.5×' }));

    expect(video().playbackRate).toBe(1.5);
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: '1.5×' }).checked,
    ).toBe(true);
  });

  it("starts the next answer's video, and the page after a reload, at the remembered speed", () => {
    const first = renderAnswer(6, 1);
    fireEvent.click(screen.getByRole('radio', { name: '2×' }));
    first.unmount();

    // Another answer (or another candidate) opens a new player.
    renderAnswer(6, 2);
    expect(video().playbackRate).toBe(2);
    expect(video().defaultPlaybackRate).toBe(2);
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: '2×' }).checked,
    ).toBe(true);
    expect(window.localStorage.getItem('candor.playback-speed.6')).toBe('2');
  });

  it('reads the speed the browser stored for this reviewer, as after a reload', () => {
    window.localStorage.setItem('candor.playback-speed.7', '1.25');
    renderAnswer(7, 1);
    expect(video().playbackRate).toBe(1.25);
  });

  it('remembers the speed per reviewer: another signed-in user starts at 1×', () => {
    renderAnswer(9, 1);
    fireEvent.click(screen.getByRole('radio', { name: '1.25×' }));
    cleanup();

    renderAnswer(10, 1);
    expect(video().playbackRate).toBe(1);
  });

  it("changes the speed with '>' and '<', staying within 1× and 2×", () => {
    renderAnswer(8, 1);
    const press = (key: string) =>
      act(() => {
        fireEvent.keyDown(document.body, { key });
      });

    press('>');
    expect(video().playbackRate).toBe(1.25);
    press('>');
    press('>');
    press('>');
    expect(video().playbackRate).toBe(2);
    press('<');
    expect(video().playbackRate).toBe(1.5);
    press('<');
    press('<');
    press('<');
    expect(video().playbackRate).toBe(1);
  });

  it("still takes '>' right after a click on a speed", () => {
    renderAnswer(11, 1);
    const radio = screen.getByRole('radio', { name: '1.5×' });
    fireEvent.click(radio);
    act(() => {
      fireEvent.keyDown(radio, { key: '>' });
    });
    expect(video().playbackRate).toBe(2);
  });
});

describe('the shortcuts help', () => {
  it("opens with '?' and names every shortcut, the speed keys too", () => {
    render(<ShortcutsPopover />);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => {
      fireEvent.keyDown(document.body, { key: '?' });
    });

    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = [...help.querySelectorAll('dl > div')].map((row) =>
      row.textContent?.trim(),
    );
    expect(rows).toEqual([
      'Next answerJ',
      'Previous answerK',
      'Next intervieweeN',
      'Matrix reviewM',
      'OverviewO',
      'Slower playback<',
      'Faster playback>',
      'Show these shortcuts?',
    ]);
  });
});
