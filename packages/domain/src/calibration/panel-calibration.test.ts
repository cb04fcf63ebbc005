import { describe, expect, it } from 'vitest';
import {
  agreementLevel,
  NO_VARIATION,
  NOT_ENOUGH_RATINGS,
  panelAgreement,
  reviewerLeniency,
  splitCandidates,
  type PanelRating,
} from './panel-calibration';

/** Reviewers 1, 2 and 3 rate candidates 10 to 15 (1 to 5); reviewer 3 is always harsher. */
const PANEL: PanelRating[] = [
  [10, 4, 4, 2],
  [11, 3, 3, 1],
  [12, 5, 4, 3],
  [13, 2, 2, 1],
  [14, 4, 5, 2],
  [15, 1, 5, 1],
].flatMap(([application = 0, ...ratings]) =>
  ratings.map((rating, index) => ({
    application,
    reviewer: index + 1,
    rating,
  })),
);

describe('panel calibration', () => {
  it('measures agreement over the candidates rated by two or more reviewers', () => {
    const agreement = panelAgreement(PANEL);
    expect(agreement).toMatchObject({
      candidates: 6,
      ratings: 18,
      reason: null,
    });
    expect(agreement.alpha).toBeGreaterThan(0);
    expect(agreement.alpha).toBeLessThan(1);
  });

  it('says why there is no figure yet', () => {
    const few = PANEL.filter((rating) => rating.application < 14);
    expect(panelAgreement(few)).toEqual({
      alpha: null,
      reason: NOT_ENOUGH_RATINGS,
      candidates: 4,
      ratings: 12,
    });
    const same = PANEL.map((rating) => ({ ...rating, rating: 3 }));
    expect(panelAgreement(same).reason).toBe(NO_VARIATION);
    // A candidate rated once is not compared at all.
    expect(
      panelAgreement([{ application: 1, reviewer: 1, rating: 5 }]),
    ).toMatchObject({
      candidates: 0,
      ratings: 0,
    });
  });

  it("gives each reviewer's offset from the others on the same candidates, and flags the far one", () => {
    // Reviewer 3 against the mean of 1 and 2: −2, −2, −1.5, −1, −2.5, −2 → −1.83; reviewer 2
    // is the lenient one (+1.42). The flag starts at a fifth of the scale's range (0.8).
    expect(reviewerLeniency(PANEL, { min: 1, max: 5 })).toEqual([
      { reviewer: 1, offset: 0.42, count: 6, flagged: false },
      { reviewer: 2, offset: 1.42, count: 6, flagged: true },
      { reviewer: 3, offset: -1.83, count: 6, flagged: true },
    ]);
  });

  it('gives no offset to a reviewer who rated nobody with others, and flags nobody on a few candidates', () => {
    const lines = reviewerLeniency(
      [
        { application: 1, reviewer: 1, rating: 1 },
        { application: 1, reviewer: 2, rating: 5 },
        { application: 2, reviewer: 3, rating: 4 },
      ],
      { min: 1, max: 5 },
    );
    expect(lines).toEqual([
      { reviewer: 1, offset: -4, count: 1, flagged: false },
      { reviewer: 2, offset: 4, count: 1, flagged: false },
      { reviewer: 3, offset: null, count: 0, flagged: false },
    ]);
  });

  it('lists the candidates the panel split on, the largest spread first', () => {
    expect(splitCandidates(PANEL)).toEqual([
      { application: 15, spread: 4 },
      { application: 14, spread: 3 },
      { application: 10, spread: 2 },
      { application: 11, spread: 2 },
      { application: 12, spread: 2 },
      { application: 13, spread: 1 },
    ]);
  });

  it("reads alpha by Krippendorff's thresholds (0.8 and 0.667)", () => {
    expect([0.95, 0.8, 0.799, 0.667, 0.5, -0.2].map(agreementLevel)).toEqual([
      'strong',
      'strong',
      'tentative',
      'tentative',
      'weak',
      'weak',
    ]);
  });
});
