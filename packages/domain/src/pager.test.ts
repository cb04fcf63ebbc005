import { describe, expect, it } from 'vitest';
import { pageCount, pagerItems } from './pager';

/** Pages as numbers with '…' for gaps, to read the spec's rule at a glance. */
function shown(current: number, total: number): (number | '…')[] {
  return pagerItems(current, total).map((item) =>
    item.kind === 'page' ? item.page : '…',
  );
}

describe('pagerItems: the first three, the current page with neighbours, the last three', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [4, 9, [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    [1, 20, [1, 2, 3, '…', 18, 19, 20]],
    [10, 20, [1, 2, 3, '…', 9, 10, 11, '…', 18, 19, 20]],
    [5, 20, [1, 2, 3, 4, 5, 6, '…', 18, 19, 20]],
    [16, 20, [1, 2, 3, '…', 15, 16, 17, 18, 19, 20]],
    [20, 20, [1, 2, 3, '…', 18, 19, 20]],
  ])('page %i of %i', (current, total, expected) => {
    expect(shown(current, total)).toEqual(expected);
  });

  it('shows nothing when there are no pages', () => {
    expect(pagerItems(1, 0)).toEqual([]);
  });

  it('ignores a current page outside the range', () => {
    expect(shown(0, 9)).toEqual([1, 2, 3, '…', 7, 8, 9]);
    expect(shown(30, 10)).toEqual([1, 2, 3, '…', 8, 9, 10]);
  });

  it('shows a single skipped page instead of an ellipsis', () => {
    expect(shown(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(shown(6, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, '…', 10, 11, 12]);
  });

  it('gives every gap its own key', () => {
    const keys = pagerItems(10, 20).flatMap((item) =>
      item.kind === 'gap' ? [item.key] : [],
    );
    expect(new Set(keys).size).toBe(2);
  });
});

describe('pageCount', () => {
  it.each([
    [0, 6, 1],
    [6, 6, 1],
    [7, 6, 2],
    [100, 8, 13],
  ])('%i items at %i a page make %i pages', (count, size, pages) => {
    expect(pageCount(count, size)).toBe(pages);
  });
});
