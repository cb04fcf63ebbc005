export type PagerItem =
  { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The pages a pager shows: the first three, the current page with its neighbours and the
 * last three, with a gap wherever pages are skipped.
 */
export function pagerItems(current: number, totalPages: number): PagerItem[] {
  if (totalPages <= 0) return [];
  const shown = new Set<number>();
  for (const page of [1, 2, 3, current - 1, current, current + 1])
    shown.add(page);
  for (let page = totalPages - 2; page <= totalPages; page++) shown.add(page);
  const pages = [...shown]
    .filter((page) => page >= 1 && page <= totalPages)
    .sort((a, b) => a - b);
  const items: PagerItem[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    // An ellipsis standing for one page takes as much room as the page itself.
    if (previous !== undefined && page - previous === 2)
      items.push({ kind: 'page', page: page - 1 });
    else if (previous !== undefined && page - previous > 2)
      items.push({ kind: 'gap', key: `gap-${page}` });
    items.push({ kind: 'page', page });
  });
  return items;
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
