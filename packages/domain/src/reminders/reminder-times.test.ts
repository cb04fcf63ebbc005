import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_SCHEDULE,
  dueReminderTime,
  LAST_MORNING_WITHIN_HOURS,
  lastMorningBefore,
  reminderTimes,
  zonedInstant,
  type ReminderSchedule,
} from './reminder-times';

const at = (iso: string) => new Date(iso);
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('reminderTimes', () => {
  it.each<[string, string, ReminderSchedule, string, string[]]>([
    [
      'the defaults in London in winter: 48 hours before, 09:00 on the deadline day',
      '2026-12-04T17:00:00Z',
      DEFAULT_REMINDER_SCHEDULE,
      'Europe/London',
      ['2026-12-02T17:00:00.000Z', '2026-12-04T09:00:00.000Z'],
    ],
    [
      'London in summer: 09:00 is 08:00 UTC',
      '2026-07-10T16:00:00Z',
      DEFAULT_REMINDER_SCHEDULE,
      'Europe/London',
      ['2026-07-08T16:00:00.000Z', '2026-07-10T08:00:00.000Z'],
    ],
    [
      'a deadline before 09:00: the morning before',
      '2026-12-04T08:00:00Z',
      DEFAULT_REMINDER_SCHEDULE,
      'Europe/London',
      ['2026-12-02T08:00:00.000Z', '2026-12-03T09:00:00.000Z'],
    ],
    [
      'a deadline at exactly 09:00: the morning before',
      '2026-12-04T09:00:00Z',
      DEFAULT_REMINDER_SCHEDULE,
      'Europe/London',
      ['2026-12-02T09:00:00.000Z', '2026-12-03T09:00:00.000Z'],
    ],
    [
      'Paris: 09:00 local is 08:00 UTC in winter',
      '2026-12-04T17:00:00Z',
      DEFAULT_REMINDER_SCHEDULE,
      'Europe/Paris',
      ['2026-12-02T17:00:00.000Z', '2026-12-04T08:00:00.000Z'],
    ],
    [
      'New York: the local day of the deadline, not the UTC one',
      '2026-12-05T02:00:00Z',
      DEFAULT_REMINDER_SCHEDULE,
      'America/New_York',
      ['2026-12-03T02:00:00.000Z', '2026-12-04T14:00:00.000Z'],
    ],
    [
      'only the morning one',
      '2026-12-04T17:00:00Z',
      { enabled: true, hoursBefore: null, morningTime: '10:30' },
      'Europe/London',
      ['2026-12-04T10:30:00.000Z'],
    ],
    [
      'only hours before',
      '2026-12-04T17:00:00Z',
      { enabled: true, hoursBefore: 24, morningTime: null },
      'Europe/London',
      ['2026-12-03T17:00:00.000Z'],
    ],
    [
      'two rules on the same instant give one reminder',
      '2026-12-04T17:00:00Z',
      { enabled: true, hoursBefore: 8, morningTime: '09:00' },
      'Europe/London',
      ['2026-12-04T09:00:00.000Z'],
    ],
    [
      'reminders off',
      '2026-12-04T17:00:00Z',
      { enabled: false, hoursBefore: 48, morningTime: '09:00' },
      'Europe/London',
      [],
    ],
  ])('%s', (_case, deadline, schedule, timeZone, expected) => {
    expect(
      iso(reminderTimes({ deadline: at(deadline), schedule, timeZone })),
    ).toEqual(expected);
  });
});

describe('zonedInstant and lastMorningBefore across clock changes', () => {
  it('a time the clocks skip lands an hour later', () => {
    // London springs forward at 01:00 UTC on 29 March 2026: 01:30 local does not exist.
    expect(
      zonedInstant(
        { year: 2026, month: 3, day: 29 },
        { hour: 1, minute: 30 },
        'Europe/London',
      ).toISOString(),
    ).toBe('2026-03-29T01:30:00.000Z');
  });
  it('a time the clocks repeat takes the first', () => {
    // London falls back at 01:00 UTC on 25 October 2026: 01:30 local happens twice.
    expect(
      zonedInstant(
        { year: 2026, month: 10, day: 25 },
        { hour: 1, minute: 30 },
        'Europe/London',
      ).toISOString(),
    ).toBe('2026-10-25T00:30:00.000Z');
  });
  it('the morning of the day the clocks change', () => {
    expect(
      lastMorningBefore(
        at('2026-03-29T17:00:00Z'),
        { hour: 9, minute: 0 },
        'Europe/London',
      ).toISOString(),
    ).toBe('2026-03-29T08:00:00.000Z');
  });
});

describe('dueReminderTime', () => {
  const deadline = at('2026-12-04T17:00:00Z');
  const base = {
    deadline,
    schedule: DEFAULT_REMINDER_SCHEDULE,
    timeZone: 'Europe/London',
    invitedAt: at('2026-11-27T10:00:00Z'),
    lastSentAt: null as Date | null,
  };
  it.each<[string, Partial<typeof base> & { now: string }, string | null]>([
    [
      'before the first reminder time: nothing',
      { now: '2026-12-02T16:59:00Z' },
      null,
    ],
    [
      'at the 48-hour time',
      { now: '2026-12-02T17:00:00Z' },
      '2026-12-02T17:00:00.000Z',
    ],
    [
      'the 48-hour one already sent: nothing until the morning',
      { now: '2026-12-03T12:00:00Z', lastSentAt: at('2026-12-02T17:00:00Z') },
      null,
    ],
    [
      'the last morning',
      { now: '2026-12-04T09:05:00Z', lastSentAt: at('2026-12-02T17:00:00Z') },
      '2026-12-04T09:00:00.000Z',
    ],
    [
      'both missed (a worker down): only the latest, once',
      { now: '2026-12-04T10:00:00Z' },
      '2026-12-04T09:00:00.000Z',
    ],
    [
      'invited after the 48-hour time: only the morning',
      { now: '2026-12-03T12:00:00Z', invitedAt: at('2026-12-03T08:00:00Z') },
      null,
    ],
    ['the deadline has passed', { now: '2026-12-04T17:00:00Z' }, null],
    [
      'an extended deadline moves the reminders on',
      {
        now: '2026-12-05T12:00:00Z',
        deadline: at('2026-12-08T17:00:00Z'),
        lastSentAt: at('2026-12-04T09:00:00Z'),
      },
      null,
    ],
    [
      'and they come again before the new deadline',
      {
        now: '2026-12-06T17:00:00Z',
        deadline: at('2026-12-08T17:00:00Z'),
        lastSentAt: at('2026-12-04T09:00:00Z'),
      },
      '2026-12-06T17:00:00.000Z',
    ],
  ])('%s', (_case, overrides, expected) => {
    const { now, ...rest } = overrides;
    const due = dueReminderTime({ ...base, ...rest, now: at(now) });
    expect(due?.toISOString() ?? null).toBe(expected);
  });
});

describe('LAST_MORNING_WITHIN_HOURS, the window the poller scans for morning reminders', () => {
  it.each<[string, string, string]>([
    ['a deadline just after 09:00', '2026-12-04T09:01:00Z', 'Europe/London'],
    ['a deadline at 09:00 exactly', '2026-12-04T09:00:00Z', 'Europe/London'],
    ['the night the clocks go back', '2026-10-25T08:30:00Z', 'Europe/London'],
    ['far east', '2026-12-04T00:30:00Z', 'Pacific/Kiritimati'],
  ])('%s', (_case, deadline, timeZone) => {
    const morning = lastMorningBefore(
      at(deadline),
      { hour: 9, minute: 0 },
      timeZone,
    );
    const hours = (at(deadline).getTime() - morning.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(0);
    expect(hours).toBeLessThanOrEqual(LAST_MORNING_WITHIN_HOURS);
  });
});
