import { expect, it } from 'vitest';
import { escapeLikePattern } from './like-pattern';

it('escapes LIKE wildcards so they match literally', () => {
  expect(escapeLikePattern('50%_off\\')).toBe('50\\%\\_off\\\\');
});
