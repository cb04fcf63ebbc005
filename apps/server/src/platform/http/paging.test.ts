import { describe, expect, test } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { pagedReply, pageWithTotal } from './paging';

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

describe('pagedReply', () => {
  const links = (url: string, page: number, count: number) => {
    const { next, previous } = pagedReply({ url } as FastifyRequest, {
      count,
      page,
      page_size: 20,
      results: [],
    });
    return { next, previous };
  };

  test('the neighbouring pages keep the other parameters where they were', () => {
    expect(
      links(
        '/api/jobs/1/applications?status=Responded&page=2&q=j%C3%B6rg',
        2,
        100,
      ),
    ).toEqual({
      next: '/api/jobs/1/applications?status=Responded&page=3&q=j%C3%B6rg&page_size=20',
      previous:
        '/api/jobs/1/applications?status=Responded&page=1&q=j%C3%B6rg&page_size=20',
    });
  });

  test('a list asked for without parameters links with page and page size', () => {
    expect(links('/api/jobs', 1, 45)).toEqual({
      next: '/api/jobs?page=2&page_size=20',
      previous: null,
    });
  });

  test('the last page has no next page', () => {
    expect(links('/api/jobs?page=3&page_size=20', 3, 45).next).toBeNull();
  });
});
