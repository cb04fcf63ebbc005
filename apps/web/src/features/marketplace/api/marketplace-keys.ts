export const marketplaceKeys = {
  all: ['marketplace'] as const,
  manage: (page: number) => ['marketplace', 'manage', page] as const,
  settings: ['marketplace', 'settings'] as const,
  job: (id: number) => ['marketplace', 'job', id] as const,
  public: (brand: string, page: number) =>
    ['marketplace', 'public', brand, page] as const,
};
