import {
  act,
  cleanup,
  fireEvent,
  render,
  screen,
} from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { RATING_IDLE_COMMIT_MS, RatingSlider } from './rating-slider';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// Radix measures the slider; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const descriptions = [
  { level: 1, text: 'Poor' },
  { level: 5, text: 'Excellent' },
];

describe('the rating slider', () => {
  it("has a 'No rating' zone when the scale starts at 0", () => {
    render(
      <RatingSlider
        label="Rating"
        min={0}
        scale={5}
        value={0}
        descriptions={[]}
        onCommit={() => {}}
      />,
    );
    expect(screen.getByRole('slider').getAttribute('aria-valuetext')).toBe(
      'No rating',
    );
    expect(screen.getAllByText('No rating').length).toBeGreaterThan(0);
  });

  it('shows the rating with its description, and the scale in a modal titled Rating scale', () => {
    render(
      <RatingSlider
        label="Rating"
        min={1}
        scale={5}
        value={5}
        descriptions={descriptions}
        onCommit={() => {}}
      />,
    );
    expect(screen.getByText('5 / 5')).toBeTruthy();
    expect(screen.getByText('Excellent')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View rating scale' }));
    const dialog = screen.getByRole('dialog', { name: 'Rating scale' });
    expect(dialog.textContent).toContain('Poor');
    expect(dialog.textContent).toContain('No description for this level.');
  });

  it('is named by its label and the question it rates', () => {
    render(
      <RatingSlider
        label="Your rating for this answer"
        subject="Describe a time you worked in a team."
        min={1}
        scale={5}
        value={null}
        descriptions={[]}
        onCommit={() => {}}
      />,
    );
    expect(
      screen.getByRole('slider', {
        name: 'Your rating for this answer: Describe a time you worked in a team.',
      }),
    ).toBeTruthy();
  });

  it("says 'Not rated' while unrated, not a rating of 1", () => {
    render(
      <RatingSlider
        label="Your overall rating"
        min={1}
        scale={5}
        value={null}
        descriptions={descriptions}
        onCommit={() => {}}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Your overall rating' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Not rated');
    expect(screen.getByText('Not rated')).toBeTruthy();
    expect(screen.queryByText('Poor')).toBeNull();
  });

  it.each([
    ['ArrowRight', '1 / 5'],
    ['ArrowLeft', '1 / 5'],
    ['Home', '1 / 5'],
    ['End', '5 / 5'],
  ])('from unrated, %s chooses %s', (key, shown) => {
    render(
      <RatingSlider
        label="Your overall rating"
        min={1}
        scale={5}
        value={null}
        descriptions={[]}
        onCommit={() => {}}
      />,
    );
    const slider = screen.getByRole('slider');
    fireEvent.keyDown(slider, { key });
    expect(slider.getAttribute('aria-valuetext')).toBe(shown);
    expect(screen.getByText(shown)).toBeTruthy();
  });

  it('from unrated on a scale from 0, the first key chooses No rating', () => {
    const onCommit = vi.fn();
    render(
      <RatingSlider
        label="Your overall rating"
        min={0}
        scale={5}
        value={null}
        descriptions={[]}
        onCommit={onCommit}
      />,
    );
    const slider = screen.getByRole('slider');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'Enter' });
    expect(slider.getAttribute('aria-valuetext')).toBe('No rating');
    expect(onCommit.mock.calls).toEqual([[0]]);
  });

  it('saves once after several key presses, when the keys rest', () => {
    vi.useFakeTimers();
    const onCommit = vi.fn();
    render(
      <RatingSlider
        label="Your overall rating"
        min={1}
        scale={5}
        value={null}
        descriptions={[]}
        onCommit={onCommit}
      />,
    );
    const slider = screen.getByRole('slider');
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft'])
      fireEvent.keyDown(slider, { key });
    expect(slider.getAttribute('aria-valuetext')).toBe('2 / 5');
    act(() => vi.advanceTimersByTime(RATING_IDLE_COMMIT_MS - 1));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onCommit.mock.calls).toEqual([[2]]);
    // Nothing new to save when focus leaves afterwards.
    fireEvent.blur(slider);
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('saves at once on Enter or when focus leaves, and not a value already saved', () => {
    vi.useFakeTimers();
    const onCommit = vi.fn();
    render(
      <RatingSlider
        label="Your overall rating"
        min={1}
        scale={5}
        value={3}
        descriptions={[]}
        onCommit={onCommit}
      />,
    );
    const slider = screen.getByRole('slider');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'Enter' });
    expect(onCommit.mock.calls).toEqual([[4]]);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.blur(slider);
    expect(onCommit.mock.calls).toEqual([[4], [2]]);
    // Back and forth to the saved rating is no decision.
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    act(() => vi.advanceTimersByTime(RATING_IDLE_COMMIT_MS));
    expect(onCommit).toHaveBeenCalledTimes(2);
  });

  it('saves the pending choice when it goes away before the keys rest', () => {
    const onCommit = vi.fn();
    const { unmount } = render(
      <RatingSlider
        label="Your overall rating"
        min={1}
        scale={5}
        value={null}
        descriptions={[]}
        onCommit={onCommit}
      />,
    );
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'End' });
    unmount();
    expect(onCommit.mock.calls).toEqual([[5]]);
  });

  it('announces the save only once it has saved a rating itself', () => {
    const slider = (saveStatus: 'pending' | 'success') => (
      <RatingSlider
        label="Your rating for this answer"
        min={1}
        scale={5}
        value={null}
        descriptions={[]}
        saveStatus={saveStatus}
        onCommit={() => {}}
      />
    );
    const { rerender } = render(slider('success'));
    // A status left from another answer's save is not this slider's.
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'End' });
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'Enter' });
    rerender(slider('pending'));
    expect(screen.getByRole('status').textContent).toBe('Saving the rating…');
    rerender(slider('success'));
    expect(screen.getByRole('status').textContent).toBe('Rating saved');
  });
});
