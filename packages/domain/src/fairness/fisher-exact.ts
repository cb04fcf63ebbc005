/** ln(0!) … ln(n!); a hiring report's tables hold at most a few thousand people. */
function logFactorials(n: number): number[] {
  const table = [0];
  for (let i = 1; i <= n; i += 1) table.push((table[i - 1] ?? 0) + Math.log(i));
  return table;
}

/**
 * Fisher's exact test, two-sided, of the 2×2 table [[a, b], [c, d]]: the probability, with the
 * margins fixed, of a table as unlikely as the one observed or less (the sum of the
 * hypergeometric probabilities not above the observed one, as R's fisher.test does).
 */
export function fisherExactTwoSided(
  a: number,
  b: number,
  c: number,
  d: number,
): number {
  const row1 = a + b;
  const col1 = a + c;
  const n = a + b + c + d;
  const lf = logFactorials(n);
  const at = (k: number) => lf[k] ?? 0;
  const constant = at(row1) + at(n - row1) + at(col1) + at(n - col1) - at(n);
  const probability = (x: number) =>
    Math.exp(
      constant - at(x) - at(row1 - x) - at(col1 - x) - at(n - row1 - col1 + x),
    );
  // Equal probabilities reached by different sums differ in their last bits.
  const bound = probability(a) * (1 + 1e-7);
  let p = 0;
  const highest = Math.min(row1, col1);
  for (let x = Math.max(0, row1 + col1 - n); x <= highest; x += 1) {
    const px = probability(x);
    if (px <= bound) p += px;
  }
  return Math.min(1, p);
}
