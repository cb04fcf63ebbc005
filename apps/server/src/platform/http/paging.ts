import type { Paged } from '@candor/domain';
import type { FastifyRequest } from 'fastify';

/** The paged reply shape of the API, with links to the neighbouring pages. */
export function pagedReply<T>(
  request: FastifyRequest,
  options: { count: number; page: number; page_size: number; results: T[] },
): Paged<T> {
  const { count, page, page_size, results } = options;
  const link = (target: number) => {
    const url = new URL(request.url, 'http://api');
    url.searchParams.set('page', String(target));
    url.searchParams.set('page_size', String(page_size));
    return `${url.pathname}${url.search}`;
  };
  return {
    count,
    next: page * page_size < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}
