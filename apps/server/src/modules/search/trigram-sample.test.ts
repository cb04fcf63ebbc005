import { describe, expect, it } from 'vitest';
import { trigramPatternOf } from './trigram-pattern';
import {
  isRareInSample,
  narrowTrigramPattern,
  trigramSampleOf,
} from './trigram-sample';

/** A small deterministic generator, so a failing case can be run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const FIRST = ['emilia', 'olivia', 'liam', 'noah', 'ava', 'lucas', 'mia'];
const LAST = ['anderson', 'johnson', 'wilson', 'larsen', 'smith', 'brown'];
const DOMAINS = ['hotmail.com', 'gmail.com', 'post.example'];

/** Search texts as search_text holds them: the name and e-mail lowercased, spaces between. */
function texts(count: number, seed = 7): string[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) =>
    list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: count }, () => {
    const first = pick(FIRST);
    const last = pick(LAST);
    const number = Math.floor(next() * 1000);
    return `${first} ${last} ${first}.${last}${number}@${pick(DOMAINS)}`;
  });
}

/** What LIKE does with a pattern of letters, digits and '%' wildcards. */
function like(pattern: string, text: string): boolean {
  const pieces = pattern.split('%').filter(Boolean);
  let from = 0;
  for (const piece of pieces) {
    const at = text.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

describe('a sample of search texts', () => {
  it('lists for each trigram the texts holding it, once each, in order', () => {
    const sample = trigramSampleOf([
      'ann anna ann.anna@post.example',
      'zoë hall zoë@post.example',
      'bo li bo@li.example',
    ]);
    expect([...(sample.holders.get('ann') ?? [])]).toEqual([0]);
    expect([...(sample.holders.get('pos') ?? [])]).toEqual([0, 1]);
    expect([...(sample.holders.get('exa') ?? [])]).toEqual([0, 1, 2]);
    // By code point, and never across a separator.
    expect([...(sample.holders.get('zoë') ?? [])]).toEqual([1]);
    expect(sample.holders.has('a.a')).toBe(false);
    expect(sample.holders.has('bo')).toBe(false);
  });

  it('asks for the rarest trigrams of an address part, overlapping ones as one piece', () => {
    const sample = trigramSampleOf([
      ...texts(3000),
      'emilia anderson emilia.anderson238@hotmail.com',
    ]);
    const pattern = narrowTrigramPattern(sample, 'ilia.anderson238');
    // The digits narrow most; the names every tenth applicant has are left out.
    expect(pattern).toMatch(/238%$/);
    expect(pattern).not.toContain('ilia');
    expect(pattern.length).toBeLessThan('%ilia%anderson238%'.length);
    // The address's domain is never asked for when the part before the '@' has a trigram.
    expect(
      narrowTrigramPattern(sample, 'emilia.anderson238@hotmail.com'),
    ).not.toContain('hot');
  });

  it('keeps every row holding the word among those its pattern finds', () => {
    const rows = texts(2000, 11);
    const sample = trigramSampleOf(rows);
    const next = random(3);
    for (let n = 0; n < 400; n += 1) {
      const text = rows[Math.floor(next() * rows.length)] as string;
      const from = Math.floor(next() * (text.length - 3));
      const word = text.slice(from, from + 3 + Math.floor(next() * 14)).trim();
      const pattern = narrowTrigramPattern(sample, word);
      for (const row of rows)
        if (row.includes(word.toLowerCase()))
          expect(like(pattern, row), `${word} as ${pattern} in ${row}`).toBe(
            true,
          );
    }
  });

  it('tells a word few texts hold from a common one', () => {
    // One text in 20,000 is rare, two in 3,000 are not.
    const sample = trigramSampleOf([
      ...texts(19_999),
      'quentin blake quentin@post.example',
    ]);
    expect(isRareInSample(sample, 'quentin')).toBe(true);
    expect(isRareInSample(sample, 'QUENTIN@post')).toBe(true);
    expect(isRareInSample(sample, 'zygmunt')).toBe(true);
    expect(isRareInSample(sample, 'olivia')).toBe(false);
    expect(isRareInSample(sample, 'son1')).toBe(false);
    // No trigram to look it up by: the newest applicants are read first, as before.
    expect(isRareInSample(sample, 'a.b')).toBe(false);
    const smaller = trigramSampleOf([
      ...texts(2998),
      'quentin blake quentin@post.example',
      'quentin cole quentin.cole@post.example',
    ]);
    expect(isRareInSample(smaller, 'quentin')).toBe(false);
    expect(isRareInSample(smaller, 'zygmunt')).toBe(true);
  });

  it('plans nothing from a sample too small to say what is rare', () => {
    const sample = trigramSampleOf(texts(999));
    expect(narrowTrigramPattern(sample, 'ilia.anderson238')).toBe(
      trigramPatternOf('ilia.anderson238'),
    );
    expect(isRareInSample(sample, 'zygmunt')).toBe(false);
  });
});
