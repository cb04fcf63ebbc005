import {
  letterRunsOf,
  searchedPart,
  trigramPatternOf,
} from './trigram-pattern';

/**
 * A sample of the applicants' search texts, read to choose how a word is searched
 * (docs/decisions/114-search-planned-from-a-sample.md): which of its trigrams few rows hold,
 * and whether the word itself is rare. Only the way to search depends on it, never a result:
 * every row found is still tested on the whole word.
 */
export type TrigramSample = {
  /** The sampled texts, lowercased as search_text is. */
  readonly texts: readonly string[];
  /** For each trigram, the indexes of the texts that hold it, in ascending order. */
  readonly holders: ReadonlyMap<string, Int32Array>;
};

/**
 * Asked for trigrams until at most this share of the sample holds them all: a few hundred
 * rows in a million, each tested on the heap for about 2 µs, cost less than one more long
 * index entry to intersect (50-100 µs).
 */
const MAX_CANDIDATE_SHARE = 1 / 2000;

/**
 * A word held by at most this share of the sample is looked up in the trigram index at once:
 * the newest applicants would almost never hold a page of it, and reading them first costs
 * more than the index.
 */
const RARE_WORD_SHARE = 1 / 10_000;

/**
 * Fewer texts than this say too little about a large table, and a small one is searched fast
 * either way: such a sample plans nothing.
 */
const MIN_SAMPLE_TEXTS = 1000;

const NONE = new Int32Array(0);

/** Where a trigram is in the searched part: its run of letters and digits, and its place. */
type Occurrence = { run: number; at: number; holders: Int32Array };

/** Letters and digits of one UTF-16 unit each: a trigram is then three units in a row. */
const ASCII = /^[A-Za-z0-9]*$/;

/** The trigrams pg_trgm reads inside a run of letters and digits, by code point. */
function trigramsOf(run: string): string[] {
  const trigrams: string[] = [];
  if (ASCII.test(run)) {
    for (let at = 0; at + 3 <= run.length; at += 1)
      trigrams.push(run.slice(at, at + 3));
    return trigrams;
  }
  const chars = Array.from(run);
  for (let at = 0; at + 3 <= chars.length; at += 1)
    trigrams.push(`${chars[at]}${chars[at + 1]}${chars[at + 2]}`);
  return trigrams;
}

export function trigramSampleOf(texts: readonly string[]): TrigramSample {
  const lists = new Map<string, number[]>();
  texts.forEach((text, index) => {
    for (const run of letterRunsOf(text))
      for (const trigram of trigramsOf(run)) {
        const list = lists.get(trigram);
        if (list === undefined) lists.set(trigram, [index]);
        else if (list[list.length - 1] !== index) list.push(index);
      }
  });
  const holders = new Map<string, Int32Array>();
  for (const [trigram, list] of lists)
    holders.set(trigram, Int32Array.from(list));
  return { texts, holders };
}

function occurrencesIn(
  sample: TrigramSample,
  runs: readonly string[],
): Occurrence[] {
  return runs.flatMap((run, index) =>
    trigramsOf(run).map((trigram, at) => ({
      run: index,
      at,
      holders: sample.holders.get(trigram) ?? NONE,
    })),
  );
}

function intersect(left: Int32Array, right: Int32Array): Int32Array {
  const both: number[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const a = left[i] as number;
    const b = right[j] as number;
    if (a === b) both.push(a);
    if (a <= b) i += 1;
    if (b <= a) j += 1;
  }
  return Int32Array.from(both);
}

/**
 * The chosen trigrams as a LIKE pattern: in the order of the word, one piece per run of
 * trigrams that overlap (`%n238%`), a wildcard between pieces that do not. The word holds its
 * pieces in that order without overlap, so every row holding the word matches the pattern.
 */
function patternOf(
  runs: readonly string[],
  chosen: readonly Occurrence[],
): string {
  const ordered = [...chosen].sort((a, b) => a.run - b.run || a.at - b.at);
  const pieces: { run: number; from: number; to: number }[] = [];
  for (const { run, at } of ordered) {
    const last = pieces[pieces.length - 1];
    if (last !== undefined && last.run === run && at < last.to)
      last.to = at + 3;
    else pieces.push({ run, from: at, to: at + 3 });
  }
  const text = pieces.map(({ run, from, to }) =>
    Array.from(runs[run] ?? '')
      .slice(from, to)
      .join(''),
  );
  return `%${text.join('%')}%`;
}

/**
 * The LIKE pattern the trigram index is asked with for a word, planned from the sample: of
 * the part `trigramPatternOf` asks for, the trigrams fewest sampled texts hold, rarest first,
 * until the texts holding them all are few. A common trigram's index entry lists up to every
 * applicant, and GIN reads it to intersect it with the others even when a rare one has
 * already narrowed the rows to a handful.
 */
export function narrowTrigramPattern(
  sample: TrigramSample,
  word: string,
): string {
  const runs = letterRunsOf(searchedPart(word).toLowerCase());
  const occurrences = occurrencesIn(sample, runs);
  if (sample.texts.length < MIN_SAMPLE_TEXTS || occurrences.length === 0)
    return trigramPatternOf(word);
  const enough = sample.texts.length * MAX_CANDIDATE_SHARE;
  const rarestFirst = [...occurrences].sort(
    (a, b) => a.holders.length - b.holders.length,
  );
  const chosen: Occurrence[] = [];
  let candidates: Int32Array | undefined;
  for (const occurrence of rarestFirst) {
    if (candidates !== undefined && candidates.length <= enough) break;
    chosen.push(occurrence);
    candidates =
      candidates === undefined
        ? occurrence.holders
        : intersect(candidates, occurrence.holders);
  }
  return patternOf(runs, chosen);
}

/**
 * Whether so few sampled texts hold the word that it is best looked up in the trigram index
 * at once. A word without a trigram cannot be looked up that way cheaply, so it never is.
 */
export function isRareInSample(sample: TrigramSample, word: string): boolean {
  const lower = word.toLowerCase();
  const occurrences = occurrencesIn(sample, letterRunsOf(lower));
  if (sample.texts.length < MIN_SAMPLE_TEXTS || occurrences.length === 0)
    return false;
  const rarest = occurrences.reduce((a, b) =>
    b.holders.length < a.holders.length ? b : a,
  );
  const most = sample.texts.length * RARE_WORD_SHARE;
  let held = 0;
  for (const index of rarest.holders)
    if (sample.texts[index]?.includes(lower) && (held += 1) > most)
      return false;
  return true;
}
