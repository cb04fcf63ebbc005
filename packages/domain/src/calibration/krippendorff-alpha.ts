/**
 * Krippendorff's alpha for ordinal data (Krippendorff, "Computing Krippendorff's
 * Alpha-Reliability", 2011): how far a panel's ratings agree beyond what chance would give,
 * from 1 (perfect) through 0 (chance) to below 0 (systematic disagreement). A unit is one
 * thing rated (a candidate); its values are the ratings it got, missing ones left out. Only
 * units with two or more values can be compared.
 */
export type AlphaResult = {
  /** Null where there is nothing to compare, or every rating is the same value. */
  alpha: number | null;
  /** Units with two or more values, and the values in them. */
  units: number;
  values: number;
};

export function ordinalAlpha(
  units: readonly (readonly number[])[],
): AlphaResult {
  const pairable = units.filter((unit) => unit.length >= 2);
  const categories = [...new Set(pairable.flat())].sort((a, b) => a - b);
  const index = new Map(categories.map((value, position) => [value, position]));
  const size = categories.length;
  // Coincidences: each ordered pair of values within a unit, weighted 1 / (m_u - 1).
  const coincidences = Array.from({ length: size }, () =>
    new Array<number>(size).fill(0),
  );
  for (const unit of pairable) {
    const weight = 1 / (unit.length - 1);
    const ranks = unit.map((value) => index.get(value) ?? 0);
    for (const [i, first] of ranks.entries())
      for (const [j, second] of ranks.entries()) {
        const row = coincidences[first];
        if (i !== j && row) row[second] = (row[second] ?? 0) + weight;
      }
  }
  const marginals = coincidences.map((row) =>
    row.reduce((sum, value) => sum + value, 0),
  );
  const total = marginals.reduce((sum, value) => sum + value, 0);
  const result = { units: pairable.length, values: Math.round(total) };
  if (size < 2) return { alpha: null, ...result };
  // The ordinal metric: the values between two ranks, counting each end by half.
  const cumulative = marginals.reduce<number[]>(
    (sums, value, position) => [...sums, (sums[position - 1] ?? 0) + value],
    [],
  );
  const distance = (c: number, k: number) => {
    const [low, high] = c <= k ? [c, k] : [k, c];
    const between =
      (cumulative[high] ?? 0) - (low > 0 ? (cumulative[low - 1] ?? 0) : 0);
    return (
      (between - ((marginals[low] ?? 0) + (marginals[high] ?? 0)) / 2) ** 2
    );
  };
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < size; c += 1)
    for (let k = 0; k < size; k += 1) {
      const delta = distance(c, k);
      observed += (coincidences[c]?.[k] ?? 0) * delta;
      expected += (marginals[c] ?? 0) * (marginals[k] ?? 0) * delta;
    }
  if (expected === 0) return { alpha: null, ...result };
  return { alpha: 1 - ((total - 1) * observed) / expected, ...result };
}
