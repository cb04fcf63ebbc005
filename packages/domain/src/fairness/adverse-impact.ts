import { fisherExactTwoSided } from './fisher-exact';

/** Groups smaller than this are shown only as "fewer than 5" (issue 46). */
export const MIN_REPORTED_GROUP = 5;
/** The Uniform Guidelines' rule of thumb: a rate under 4/5 of the highest is adverse impact. */
export const FOUR_FIFTHS = 0.8;

export type GroupCount = {
  group: string;
  /** People of the group who reached the stage before (the base of the rate). */
  total: number;
  /** Those of them who went on to the next stage. */
  selected: number;
};

export type ImpactRow = {
  group: string;
  /** Null when masked: the group is small, or its number would give a small one away. */
  total: number | null;
  selected: number | null;
  rate: number | null;
  /** The rate over the highest reported group's rate; null for masked groups or no rates. */
  impact_ratio: number | null;
  /** Below four fifths of the highest rate. */
  below_four_fifths: boolean | null;
  /** Fisher's exact test (two-sided) of this group against the highest one. */
  fisher_p: number | null;
  masked: boolean;
};

/** `selected` of `total`, or null for an empty group. */
export const selectionRate = (selected: number, total: number) =>
  total > 0 ? selected / total : null;

export function impactRatio(rate: number, highest: number): number | null {
  return highest > 0 ? rate / highest : null;
}

export const isBelowFourFifths = (ratio: number) => ratio < FOUR_FIFTHS;

/**
 * Which groups to mask: each one smaller than the minimum, and, when exactly one is, the next
 * smallest as well, so that no masked number can be found by subtracting the shown ones from
 * a total (every respondent is in exactly one group of a category).
 */
export function maskedGroups(
  counts: readonly GroupCount[],
  minimum = MIN_REPORTED_GROUP,
): Set<string> {
  const present = counts.filter((count) => count.total > 0);
  const masked = new Set(
    present.filter((count) => count.total < minimum).map((c) => c.group),
  );
  if (masked.size === 1) {
    const next = present
      .filter((count) => !masked.has(count.group))
      .sort((a, b) => a.total - b.total)[0];
    if (next) masked.add(next.group);
  }
  return masked;
}

/**
 * The adverse-impact figures of one category at one stage: each group's selection rate, its
 * ratio to the highest reported group's rate, the four-fifths flag and Fisher's exact test
 * against that group. Groups nobody belongs to are left out.
 */
export function adverseImpact(
  counts: readonly GroupCount[],
  minimum = MIN_REPORTED_GROUP,
): ImpactRow[] {
  const masked = maskedGroups(counts, minimum);
  const shown = counts.filter(
    (count) => count.total > 0 && !masked.has(count.group),
  );
  const reference = shown.reduce<GroupCount | undefined>(
    (best, count) =>
      best === undefined ||
      count.selected / count.total > best.selected / best.total
        ? count
        : best,
    undefined,
  );
  const highest = reference ? reference.selected / reference.total : 0;
  return counts
    .filter((count) => count.total > 0)
    .map((count) => {
      if (masked.has(count.group))
        return {
          group: count.group,
          total: null,
          selected: null,
          rate: null,
          impact_ratio: null,
          below_four_fifths: null,
          fisher_p: null,
          masked: true,
        };
      const rate = count.selected / count.total;
      const ratio = impactRatio(rate, highest);
      return {
        group: count.group,
        total: count.total,
        selected: count.selected,
        rate,
        impact_ratio: ratio,
        below_four_fifths: ratio === null ? null : isBelowFourFifths(ratio),
        fisher_p:
          reference === undefined || reference.group === count.group
            ? null
            : fisherExactTwoSided(
                count.selected,
                count.total - count.selected,
                reference.selected,
                reference.total - reference.selected,
              ),
        masked: false,
      };
    });
}
