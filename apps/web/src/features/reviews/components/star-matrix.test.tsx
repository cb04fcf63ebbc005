import type { MatrixOption, MatrixReview } from '@candor/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { StarMatrix } from './star-matrix';

afterEach(cleanup);

const options: MatrixOption[] = [0, 1, 2, 3].flatMap((indicator) =>
  [0, 1].map((level) => ({
    id: indicator * 2 + level + 1,
    kind: 'competency' as const,
    competency: 0,
    indicator,
    indicator_description: `Indicator ${indicator}`,
    level,
    text_1: `Cell ${indicator}-${level}`,
    text_2: '',
  })),
);
const review = (
  id: number,
  question: number | null,
  indicator: number,
  level: number,
): MatrixReview => ({
  id,
  application: 1,
  question,
  competency: 0,
  indicator,
  level,
  user: 7,
});

describe('the STAR matrix', () => {
  it('shows rows S, T, A, R and columns Effective and Areas for improvement', () => {
    render(
      <StarMatrix
        options={options}
        reviews={[]}
        question={10}
        onChoose={() => {}}
      />,
    );
    for (const letter of ['S', 'T', 'A', 'R'])
      expect(screen.getByText(letter)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Indicator 0' })).toBeTruthy();
    // Each cell names its column, so the stacked phone layout still says which it is.
    expect(
      screen.getByRole('button', { name: /^Effective\s*Cell 0-0/ }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: /^Areas for improvement\s*Cell 0-1/ }),
    ).toBeTruthy();
  });

  it('highlights the chosen cells of this question and flags those chosen on another', () => {
    render(
      <StarMatrix
        options={options}
        reviews={[review(1, 10, 0, 0), review(2, 11, 1, 1)]}
        question={10}
        onChoose={() => {}}
      />,
    );
    expect(
      screen
        .getByRole('button', { name: /Cell 0-0/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(
      screen
        .getByRole('button', { name: /Cell 0-1/ })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    const repeated = screen.getByRole('button', { name: /Cell 1-1/ });
    expect(repeated.getAttribute('aria-pressed')).toBe('false');
    expect(repeated.textContent).toContain('Also chosen on another question');
    expect(screen.getAllByText('Also chosen on another question')).toHaveLength(
      1,
    );
  });

  it('reports the chosen cell', () => {
    const onChoose = vi.fn();
    render(
      <StarMatrix
        options={options}
        reviews={[]}
        question={10}
        onChoose={onChoose}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Cell 3-1/ }));
    expect(onChoose).toHaveBeenCalledWith({ indicator: 3, level: 1 });
  });
});
