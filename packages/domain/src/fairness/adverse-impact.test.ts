import { describe, expect, it } from 'vitest';
import {
  adverseImpact,
  impactRatio,
  isBelowFourFifths,
  maskedGroups,
  selectionRate,
} from './adverse-impact';
import { fisherExactTwoSided } from './fisher-exact';
import { completeSurveyAnswers } from './survey-categories';

describe("Fisher's exact test, two-sided", () => {
  it("reproduces Fisher's lady tasting tea: [[3,1],[1,3]] gives p = 0.4857 (34/70)", () => {
    expect(fisherExactTwoSided(3, 1, 1, 3)).toBeCloseTo(34 / 70, 10);
    expect(fisherExactTwoSided(3, 1, 1, 3).toFixed(4)).toBe('0.4857');
  });

  it("reproduces Wikipedia's worked example [[1,9],[11,3]]: p = 0.002759", () => {
    expect(fisherExactTwoSided(1, 9, 11, 3)).toBeCloseTo(0.002759, 6);
  });

  it('gives 1 for a table that could not be more even, and for an empty one', () => {
    expect(fisherExactTwoSided(2, 2, 2, 2)).toBeCloseTo(1, 10);
    expect(fisherExactTwoSided(0, 0, 0, 0)).toBe(1);
  });

  it('is the same whichever way round the table is written', () => {
    expect(fisherExactTwoSided(12, 28, 48, 32)).toBeCloseTo(
      fisherExactTwoSided(48, 32, 12, 28),
      12,
    );
  });
});

describe('the four-fifths rule (Uniform Guidelines, Q&A 12)', () => {
  // 48 of 80 white applicants hired (60%), 12 of 40 Black applicants (30%): 30/60 = 50%,
  // less than four fifths, so the guidelines regard it as evidence of adverse impact.
  const example = [
    { group: 'white', total: 80, selected: 48 },
    { group: 'black', total: 40, selected: 12 },
  ];

  it('gives the rates 60% and 30% and the ratio 0.5, flagged', () => {
    expect(selectionRate(48, 80)).toBe(0.6);
    expect(selectionRate(12, 40)).toBe(0.3);
    expect(impactRatio(0.3, 0.6)).toBe(0.5);
    expect(isBelowFourFifths(0.5)).toBe(true);
    expect(isBelowFourFifths(0.8)).toBe(false);
    const [white, black] = adverseImpact(example);
    expect(white).toMatchObject({
      rate: 0.6,
      impact_ratio: 1,
      below_four_fifths: false,
      fisher_p: null,
    });
    expect(black).toMatchObject({
      total: 40,
      selected: 12,
      rate: 0.3,
      impact_ratio: 0.5,
      below_four_fifths: true,
      masked: false,
    });
    // The difference is also unlikely by chance at these numbers.
    expect(black?.fisher_p).toBeLessThan(0.01);
    expect(black?.fisher_p).toBeCloseTo(
      fisherExactTwoSided(12, 28, 48, 32),
      12,
    );
  });
});

describe('masking small groups', () => {
  it('masks a group under 5 and the next smallest, so neither is found from a total', () => {
    const counts = [
      { group: 'woman', total: 9, selected: 3 },
      { group: 'man', total: 6, selected: 3 },
      { group: 'prefer_not_to_say', total: 1, selected: 0 },
    ];
    expect([...maskedGroups(counts)].sort()).toEqual([
      'man',
      'prefer_not_to_say',
    ]);
    const rows = adverseImpact(counts);
    expect(rows.find((row) => row.group === 'woman')).toMatchObject({
      total: 9,
      rate: 1 / 3,
      impact_ratio: 1,
    });
    for (const group of ['man', 'prefer_not_to_say'])
      expect(
        Object.entries(rows.find((row) => row.group === group) ?? {}).filter(
          ([key, value]) => key !== 'group' && value !== null,
        ),
      ).toEqual([['masked', true]]);
  });

  it('masks only the small ones when two or more are small, and leaves out empty groups', () => {
    const counts = [
      { group: 'a', total: 5, selected: 1 },
      { group: 'b', total: 2, selected: 2 },
      { group: 'c', total: 3, selected: 0 },
      { group: 'd', total: 0, selected: 0 },
    ];
    expect([...maskedGroups(counts)].sort()).toEqual(['b', 'c']);
    expect(adverseImpact(counts).map((row) => row.group)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

describe('survey answers', () => {
  it('counts a category left blank as "Prefer not to say"', () => {
    expect(
      completeSurveyAnswers(['gender', 'disability'], { gender: 'woman' }),
    ).toEqual({ gender: 'woman', disability: 'prefer_not_to_say' });
  });
});
