import { SEARCH_MIN_LENGTH } from '../durations';

/** The drawer searches (and may say 'No results') only with more than 2 characters. */
export function isSearchable(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_LENGTH;
}

/** Wildcards in what the user typed match themselves, not "anything". */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

const LETTERS_OR_DIGITS = /[\p{L}\p{N}]+/gu;
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

/** The runs of letters and digits of a text: what pg_trgm reads trigrams from. */
export function letterRunsOf(text: string): string[] {
  return text.match(LETTERS_OR_DIGITS) ?? [];
}

/** Of an e-mail address, the part before the '@' when it holds a trigram; else the word. */
export function searchedPart(word: string): string {
  const at = word.indexOf('@');
  const local = word.slice(0, Math.max(at, 0));
  return TRIGRAM.test(local) ? local : word;
}

/**
 * The LIKE pattern the trigram index is asked with for a searched word: only what narrows the
 * search at little cost to read (docs/decisions/107-one-trigram-index.md). Every row it finds
 * is then tested on the whole word, so it may match more than the word does.
 * - Of an e-mail address, the part before the '@' when that part holds a trigram: thousands of
 *   applicants share a mail domain, so its trigrams have the longest index entries to read.
 * - The runs of letters and digits, a wildcard between them: pg_trgm indexes only letters and
 *   digits, and a separator adds trigrams of the first or last letters of a word ('  a' is in
 *   every name that starts with an a), read at length for nothing.
 * A word without three letters or digits in a row gives no trigram either way: it is asked for
 * as typed.
 */
export function trigramPatternOf(word: string): string {
  const part = searchedPart(word);
  if (!TRIGRAM.test(part)) return `%${escapeLikePattern(part)}%`;
  return `%${letterRunsOf(part).join('%')}%`;
}

export type PersonResultTarget = {
  id: number;
  job: { id: number };
  has_answers: boolean;
  stage: string;
  filter: string;
};

/**
 * Spec section 2: with answers the interviewee page; without, the job page on the
 * person's stage and filter.
 */
export function personResultPath(result: PersonResultTarget): string {
  if (result.has_answers)
    return `/interviews/${result.job.id}/interviewee/${result.id}`;
  const status = encodeURIComponent(result.stage);
  const filter = encodeURIComponent(result.filter);
  return `/interviews/${result.job.id}?status=${status}&filter=${filter}`;
}

/** A Draft opens its summary step; any other interview its job page on To invite. */
export function interviewResultPath(job: {
  id: number;
  status: string;
}): string {
  if (job.status === 'Draft') return `/create/${job.id}/summary`;
  return `/interviews/${job.id}?status=ToInvite&filter=All`;
}
