import pg from 'pg';

const parseAnyTimestamp = pg.types.getTypeParser(
  pg.types.builtins.TIMESTAMPTZ,
) as (text: string) => Date;

const ZERO = 48;
const isDigit = (text: string, at: number) => {
  const code = text.charCodeAt(at) - ZERO;
  return code >= 0 && code <= 9;
};
const number = (text: string, from: number, to: number) => {
  let value = 0;
  for (let at = from; at < to; at++)
    value = value * 10 + text.charCodeAt(at) - ZERO;
  return value;
};
const digitsAt = (text: string, from: number, to: number) => {
  for (let at = from; at < to; at++) if (!isDigit(text, at)) return false;
  return true;
};

/**
 * A timestamptz as PostgreSQL prints it with DateStyle ISO ("2026-01-05 07:56:58.543947+00",
 * the fraction and the offset's minutes optional), read by position. pg's own parser does it
 * with regular expressions, and a job page has hundreds of them: it was a tenth of the server's
 * time per request. Anything else (BC, infinity, years before 1000 or after 9999, offsets with
 * seconds) goes to pg's parser.
 */
export function parseTimestamptz(text: string): Date {
  const separatorsOk =
    text.length >= 22 &&
    text[4] === '-' &&
    text[7] === '-' &&
    text[10] === ' ' &&
    text[13] === ':' &&
    text[16] === ':' &&
    text[0] !== '0' &&
    digitsAt(text, 0, 4) &&
    digitsAt(text, 5, 7) &&
    digitsAt(text, 8, 10) &&
    digitsAt(text, 11, 13) &&
    digitsAt(text, 14, 16) &&
    digitsAt(text, 17, 19);
  if (!separatorsOk) return parseAnyTimestamp(text);
  let at = 19;
  let milliseconds = 0;
  if (text[at] === '.') {
    const start = (at += 1);
    while (isDigit(text, at)) at += 1;
    if (at === start) return parseAnyTimestamp(text);
    // Date keeps milliseconds: the digits past the third are dropped, as pg's parser does.
    const digits = Math.min(at - start, 3);
    milliseconds = number(text, start, start + digits) * 10 ** (3 - digits);
  }
  const sign = text[at];
  if ((sign !== '+' && sign !== '-') || !digitsAt(text, at + 1, at + 3))
    return parseAnyTimestamp(text);
  let offsetMinutes = number(text, at + 1, at + 3) * 60;
  at += 3;
  if (
    text[at] === ':' &&
    text.length === at + 3 &&
    digitsAt(text, at + 1, at + 3)
  ) {
    offsetMinutes += number(text, at + 1, at + 3);
    at += 3;
  }
  if (at !== text.length) return parseAnyTimestamp(text);
  const utc = Date.UTC(
    number(text, 0, 4),
    number(text, 5, 7) - 1,
    number(text, 8, 10),
    number(text, 11, 13),
    number(text, 14, 16),
    number(text, 17, 19),
    milliseconds,
  );
  return new Date(utc - (sign === '+' ? 1 : -1) * offsetMinutes * 60_000);
}
