import { describe, expect, it } from 'vitest';
import { createStepRoutes } from './routes';

const childPaths = (routes: ReturnType<typeof createStepRoutes>) =>
  routes
    .find((route) => route.path === '/create/:job')
    ?.children?.map((child) => child.path ?? 'index');

describe('creation step routes', () => {
  it('fills every slot with a placeholder until a feature provides the step', () => {
    expect(childPaths(createStepRoutes([]))).toEqual([
      'index',
      'details',
      'add-questions',
      'preview',
      'summary',
      'videos',
      'edit-email',
      'emails',
      'review-panel',
    ]);
  });

  it('uses the step a feature provides instead of the placeholder', () => {
    const videos = {
      path: 'videos',
      lazy: async () => ({ Component: () => null }),
    };
    const paths = childPaths(createStepRoutes([videos]));
    expect(paths?.filter((path) => path === 'videos')).toHaveLength(1);
    const routes =
      createStepRoutes([videos]).find((route) => route.path === '/create/:job')
        ?.children ?? [];
    expect(routes.find((route) => route.path === 'videos')).toBe(videos);
  });
});
