import { describe, expect, it } from 'vitest';
import { ordinalAlpha } from './krippendorff-alpha';

/**
 * Krippendorff's own reliability data: four observers, twelve units, values 1 to 5, some
 * missing (K. Krippendorff, "Computing Krippendorff's Alpha-Reliability", 2011, section C;
 * also "Content Analysis", 2004). Published: ordinal alpha 0.815 (nominal 0.743, interval
 * 0.849). Rows are observers, columns units; null is a missing value.
 */
const OBSERVERS = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];
const units = (rows: (number | null)[][]) =>
  (rows[0] ?? []).map((_, unit) =>
    rows
      .map((row) => row[unit])
      .filter((value): value is number => typeof value === 'number'),
  );

describe("Krippendorff's ordinal alpha", () => {
  it("reproduces Krippendorff's published example: 0.815 over 11 comparable units", () => {
    const result = ordinalAlpha(units(OBSERVERS));
    expect(result.alpha).toBeCloseTo(0.815, 3);
    // Unit 12 has one value only: it is left out, as in the paper (40 pairable values).
    expect(result).toMatchObject({ units: 11, values: 40 });
  });

  it('is 1 for perfect agreement and undefined where nothing varies', () => {
    expect(
      ordinalAlpha([
        [1, 1],
        [3, 3, 3],
        [5, 5],
      ]).alpha,
    ).toBe(1);
    expect(
      ordinalAlpha([
        [4, 4],
        [4, 4],
      ]).alpha,
    ).toBeNull();
    expect(ordinalAlpha([[2], [3]])).toEqual({
      alpha: null,
      units: 0,
      values: 0,
    });
  });

  it('falls below 0 when raters systematically disagree', () => {
    expect(
      ordinalAlpha([
        [1, 5],
        [5, 1],
        [1, 5],
        [5, 1],
      ]).alpha,
    ).toBeLessThan(0);
  });

  it('depends on the order of values, not their size (ordinal, not interval)', () => {
    const small = ordinalAlpha([
      [1, 2],
      [2, 3],
      [3, 3],
      [1, 1],
    ]).alpha;
    const stretched = ordinalAlpha([
      [1, 20],
      [20, 300],
      [300, 300],
      [1, 1],
    ]).alpha;
    expect(stretched).toBeCloseTo(small ?? Number.NaN, 10);
  });
});
