import { describe, expect, test } from 'vitest';
import { pageWithTotal } from './paging';

/** pageWithTotal over a list of `total` numbers, counting how often the total was asked for. */
async function page(total: number, offset: number, limit: number) {
  const list = Array.from({ length: total }, (_, index) => index);
  let counted = 0;
  const result = await pageWithTotal({
    offset,
    limit,
    rows: () => Promise.resolve(list.slice(offset, offset + limit)),
    count: () => {
      counted += 1;
      return Promise.resolve(total);
    },
  });
  return { ...result, counted };
}

describe('pageWithTotal', () => {
  test.each([
    // total, offset, limit, count query sent
    [0, 0, 20, false],
    [7, 0, 20, false],
    [27, 20, 20, false],
    [20, 0, 20, true],
    [45, 20, 20, true],
    [15, 20, 20, true],
  ])(
    '%i rows, offset %i, page of %i: the count query is sent: %s',
    async (total, offset, limit, sent) => {
      const result = await page(total, offset, limit);
      expect(result.count).toBe(total);
      expect(result.counted).toBe(sent ? 1 : 0);
    },
  );
});
