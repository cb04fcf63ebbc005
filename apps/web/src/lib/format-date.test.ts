import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDay,
  formatDeadline,
  formatPeriod,
} from './format-date';

const winter = '2026-12-04T17:00:00Z';
const summer = '2026-06-05T16:00:00Z';

describe('formatDay', () => {
  it.each([
    ['en-gb', '4 Dec 2026'],
    ['fr-fr', '4 déc. 2026'],
  ])('%s', (locale, expected) => {
    expect(formatDay(winter, locale)).toBe(expected);
  });

  it('takes a Date or a timestamp too', () => {
    const date = new Date(winter);
    expect(formatDay(date, 'en-gb')).toBe(formatDay(date.getTime(), 'en-gb'));
  });
});

describe('formatDateTime', () => {
  it('adds the time in 24-hour form', () => {
    expect(formatDateTime(winter, 'en-gb')).toMatch(
      /^4 Dec 2026,? \d{2}:\d{2}$/,
    );
  });
});

describe('formatDeadline', () => {
  it.each([
    // [when, locale, zone, expected]
    [winter, 'en-gb', 'Europe/London', 'Friday 4 December 2026 at 17:00 GMT'],
    [summer, 'en-gb', 'Europe/London', 'Friday 5 June 2026 at 17:00 BST'],
    [winter, 'en-gb', 'Europe/Paris', 'Friday 4 December 2026 at 18:00 CET'],
    [winter, 'fr-fr', 'Europe/Paris', 'vendredi 4 décembre 2026 à 18:00 UTC+1'],
  ])('%s in %s, %s', (when, locale, zone, expected) => {
    // ICU versions differ on the comma after the weekday.
    expect(formatDeadline(when, locale, zone).replace(',', '')).toBe(expected);
  });

  it('always names a time zone in the viewer’s zone', () => {
    expect(formatDeadline(winter, 'en-gb')).toMatch(
      /\d{2}:\d{2} (GMT|UTC|[A-Z]{3,4})/,
    );
  });
});

describe('formatPeriod', () => {
  it.each([
    // A period's first day is a UTC day: the same label in every zone.
    ['2026-11-16', 'en-gb', 'week', '16 Nov'],
    ['2026-11-01', 'en-gb', 'month', 'Nov 26'],
    ['2026-11-16', 'fr-fr', 'week', '16 nov.'],
    ['2026-11-01', 'fr-fr', 'month', 'nov. 26'],
  ] as const)('%s in %s by %s', (firstDay, locale, unit, expected) => {
    expect(formatPeriod(firstDay, locale, unit)).toBe(expected);
  });
});
