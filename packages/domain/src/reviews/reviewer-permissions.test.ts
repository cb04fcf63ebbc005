import { describe, expect, it } from 'vitest';
import {
  applyReviewerSettingsChange,
  canOfferDecisionPermission,
} from './reviewer-permissions';

const base = {
  applicants: 0,
  all_reviews: true,
  rating: 0,
  reminder_email: false,
};

describe("'rate plus shortlist and reject' is offered", () => {
  it.each([
    [0, true, true],
    [0, false, false],
    [4, true, false],
    [4, false, false],
  ])('applicants %d, all reviews %s: %s', (applicants, allReviews, offered) => {
    expect(
      canOfferDecisionPermission({ applicants, all_reviews: allReviews }),
    ).toBe(offered);
  });
});

describe('reviewer settings change', () => {
  it('grants rating 1 when all reviews are visible and applicants is 0', () => {
    expect(applyReviewerSettingsChange(base, { rating: 1 })).toEqual({
      ...base,
      rating: 1,
    });
  });
  it('refuses rating 1 otherwise', () => {
    expect(
      applyReviewerSettingsChange(
        { ...base, all_reviews: false },
        { rating: 1 },
      ),
    ).toBeNull();
    expect(
      applyReviewerSettingsChange(base, { rating: 1, applicants: 4 }),
    ).toBeNull();
  });
  it('drops back to rate only when the preconditions go', () => {
    const deciding = { ...base, rating: 1 };
    expect(
      applyReviewerSettingsChange(deciding, { all_reviews: false }),
    ).toEqual({
      ...base,
      all_reviews: false,
      rating: 0,
    });
    expect(
      applyReviewerSettingsChange(deciding, { applicants: 4 })?.rating,
    ).toBe(0);
  });
});
