import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { DbTimestamp, isoTimestamp, parseTimestamptz } from './timestamps';

const pgParser = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (
  text: string,
) => Date;

/** A timestamptz printed the way PostgreSQL prints one, from a seed. */
function printed(seed: number): string {
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const pad = (value: number, width: number) =>
    String(value).padStart(width, '0');
  const fraction = ['', '.5', '.54', '.543', '.5439', '.543947'][random(6)];
  const offsets = ['+00', '+01', '-05', '+05:30', '-03:30', '+14', '-12'];
  return (
    `${1000 + random(9000)}-${pad(1 + random(12), 2)}-${pad(1 + random(28), 2)} ` +
    `${pad(random(24), 2)}:${pad(random(60), 2)}:${pad(random(60), 2)}` +
    `${fraction}${offsets[random(offsets.length)]}`
  );
}

describe('parseTimestamptz', () => {
  test('reads 5,000 printed timestamps to the same instant as pg', () => {
    for (let seed = 1; seed <= 5000; seed++) {
      const text = printed(seed);
      expect(parseTimestamptz(text).getTime(), text).toBe(
        pgParser(text).getTime(),
      );
    }
  });

  test.each([
    '2026-01-05 07:56:58.543947+00',
    '2026-01-05 07:56:58+00',
    '2026-01-05 07:56:58.5-05:30',
    '2000-02-29 23:59:59.999+00',
    '1900-03-01 00:00:00+00',
    '1000-01-01 00:00:00+00',
    '9999-12-31 23:59:59.999999+00',
  ])('%s is the instant pg reads', (text) => {
    expect(parseTimestamptz(text).toISOString()).toBe(
      pgParser(text).toISOString(),
    );
  });

  test.each([
    'infinity',
    '-infinity',
    '0044-03-15 12:00:00+00 BC',
    '0099-03-15 12:00:00+00',
    '12026-01-05 07:56:58+00',
    '1883-11-18 12:03:58-04:56:02',
  ])('%s is left to pg', (text) => {
    const mine = parseTimestamptz(text);
    const theirs = pgParser(text);
    expect(String(mine)).toBe(String(theirs));
  });
});

describe('isoTimestamp', () => {
  test('writes 20,000 instants from 1970 to 9999 as toISOString does', () => {
    let seed = 7;
    const last = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    for (let n = 0; n < 20_000; n++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const date = new Date(Math.floor((seed / 2 ** 31) * last));
      expect(isoTimestamp(date)).toBe(date.toISOString());
    }
  });

  test.each([
    0,
    Date.UTC(2000, 1, 29, 23, 59, 59, 999),
    Date.UTC(2100, 2, 1),
    Date.UTC(2026, 11, 31, 0, 0, 0, 1),
    Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    -1,
    Date.UTC(1969, 6, 20, 20, 17, 40),
    Date.UTC(10000, 0, 1),
  ])('writes %d as toISOString does', (time) => {
    expect(isoTimestamp(new Date(time))).toBe(new Date(time).toISOString());
  });

  test('a timestamp read from PostgreSQL writes itself with it, out of range too', () => {
    for (const text of [
      '2026-01-05 07:56:58.5+01',
      '9999-12-31 23:59:59.999+00',
      '1969-07-20 20:17:40+00',
    ]) {
      const read = parseTimestamptz(text);
      const plain = new Date(read.getTime());
      expect(read.toISOString()).toBe(plain.toISOString());
      expect(JSON.stringify({ at: read })).toBe(JSON.stringify({ at: plain }));
    }
    expect(parseTimestamptz('2026-01-05 07:56:58.5+01')).toBeInstanceOf(
      DbTimestamp,
    );
  });

  test('throws for an invalid date, as toISOString does', () => {
    expect(() => isoTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});
