import { escapeLikePattern } from '../../db/like-pattern';

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
