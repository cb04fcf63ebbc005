import { describe, expect, it } from 'vitest';
import { isWebPage } from './web-pages';

describe('isWebPage', () => {
  it('knows the pages, their parameters and optional parts', () => {
    for (const path of [
      '/',
      '/interviews',
      '/interviews/',
      '/interviews/12',
      '/interviews/12/review-panel',
      '/interviews/12/interviewee',
      '/interviews/12/interviewee/34/answer',
      '/interviews/12/interviewee/34/answer/56',
      '/marketplace',
      '/marketplace/acme',
      '/i/AbC123',
    ])
      expect(isWebPage(path), path).toBe(true);
  });

  it('refuses what no page is', () => {
    for (const path of [
      '/no-such-page',
      '/interviews/12/nothing',
      '/interviews/12/interviewee/34/answer/56/more',
      '/i',
      '/i/a/b',
      '/marketplace/acme/extra',
      '//',
    ])
      expect(isWebPage(path), path).toBe(false);
  });
});
