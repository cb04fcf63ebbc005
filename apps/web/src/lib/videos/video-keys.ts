export const videoKeys = {
  all: ['videos'] as const,
  list: (shortname: string, category?: string) =>
    ['videos', 'list', shortname, category ?? ''] as const,
  categories: (shortname: string) =>
    ['videos', 'categories', shortname] as const,
};
