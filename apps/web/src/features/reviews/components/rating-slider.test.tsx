import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { RatingSlider } from './rating-slider';

afterEach(cleanup);

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
});
