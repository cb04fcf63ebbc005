import { describe, expect, it } from 'vitest';
import { trigramPatternOf } from './trigram-pattern';

describe('trigram pattern', () => {
  it.each([
    ['ilia.anderson238@hotmail.com', '%ilia%anderson238%'],
    ['livia', '%livia%'],
    ['Jane@', '%Jane%'],
    ['omar_100%@post', '%omar%100%'],
    ['zoë@example.com', '%zoë%'],
    // Nothing before the '@' the index could look up: the whole address.
    ['@hotmail.com', '%hotmail%com%'],
    ['a.b@example.com', '%a%b%example%com%'],
    // No trigram at all: as typed, its wildcards escaped.
    ['%%%', '%\\%\\%\\%%'],
    ['a.b', '%a.b%'],
  ])('asks the trigram index for %j as %j', (word, pattern) => {
    expect(trigramPatternOf(word)).toBe(pattern);
  });
});
