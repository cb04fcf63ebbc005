import { describe, expect, it } from 'vitest';
import {
  filterCategories,
  isCategoryChange,
  shouldFilterCategories,
} from './categories';

const categories = ['Welcome', 'Culture', 'Questions', 'Wellbeing'];

describe('category selector (spec section 5)', () => {
  it('filters only when more than one character is typed', () => {
    expect(shouldFilterCategories('')).toBe(false);
    expect(shouldFilterCategories('w')).toBe(false);
    expect(shouldFilterCategories(' w ')).toBe(false);
    expect(shouldFilterCategories('we')).toBe(true);
    expect(filterCategories(categories, 'w')).toEqual(categories);
    expect(filterCategories(categories, 'WE')).toEqual([
      'Welcome',
      'Wellbeing',
    ]);
    expect(filterCategories(categories, 'ture')).toEqual(['Culture']);
  });

  it('updates only when the category changed', () => {
    expect(isCategoryChange('Culture', 'Culture ')).toBe(false);
    expect(isCategoryChange('Culture', 'Welcome')).toBe(true);
    expect(isCategoryChange('', 'Welcome')).toBe(true);
  });
});
