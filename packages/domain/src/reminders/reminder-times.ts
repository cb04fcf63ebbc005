/** When candidate reminders go out, from an interviewee's deadline (decision 155). */
export type ReminderSchedule = {
  enabled: boolean;
  /** A reminder this many hours before the deadline; null: none. */
  hoursBefore: number | null;
  /** A reminder on the last morning before the deadline at this local time ('HH:MM'); null: none. */
  morningTime: string | null;
};

export const DEFAULT_REMINDER_SCHEDULE: ReminderSchedule = {
  enabled: true,
  hoursBefore: 48,
  morningTime: '09:00',
};

/** The product's home zone (decision 034): the zone of a company that chose none. */
export const DEFAULT_REMINDER_TIME_ZONE = 'Europe/London';

export const MAX_REMINDER_HOURS_BEFORE = 336;

/** The last morning falls at most a day before the deadline, and an hour more when clocks go back. */
export const LAST_MORNING_WITHIN_HOURS = 25;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Wall-clock parts of an instant in a zone. */
function wallClock(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function zoneOffset(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(
    w.year,
    w.month - 1,
    w.day,
    w.hour,
    w.minute,
    w.second,
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time of one day has in a zone. A time the clocks skip (spring
 * forward) lands an hour later; a time they repeat (autumn) takes the first of the two.
 */
export function zonedInstant(
  day: { year: number; month: number; day: number },
  time: { hour: number; minute: number },
  timeZone: string,
): Date {
  const wall = Date.UTC(
    day.year,
    day.month - 1,
    day.day,
    time.hour,
    time.minute,
  );
  const offsets = [
    zoneOffset(new Date(wall - DAY_MS / 2), timeZone),
    zoneOffset(new Date(wall + DAY_MS / 2), timeZone),
  ];
  const valid = offsets
    .map((offset) => wall - offset)
    .filter(
      (instant) => zoneOffset(new Date(instant), timeZone) === wall - instant,
    );
  return new Date(
    valid.length > 0 ? Math.min(...valid) : wall - Math.min(...offsets),
  );
}

export function parseTimeOfDay(
  value: string,
): { hour: number; minute: number } | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

/** The last instant before the deadline at which the zone's clock shows `time`. */
export function lastMorningBefore(
  deadline: Date,
  time: { hour: number; minute: number },
  timeZone: string,
): Date {
  const local = wallClock(deadline, timeZone);
  const sameDay = zonedInstant(local, time, timeZone);
  if (sameDay.getTime() < deadline.getTime()) return sameDay;
  const dayBefore = new Date(
    Date.UTC(local.year, local.month - 1, local.day) - DAY_MS,
  );
  return zonedInstant(
    {
      year: dayBefore.getUTCFullYear(),
      month: dayBefore.getUTCMonth() + 1,
      day: dayBefore.getUTCDate(),
    },
    time,
    timeZone,
  );
}

/** Every reminder time of a deadline under a schedule, earliest first, none twice. */
export function reminderTimes(options: {
  deadline: Date;
  schedule: ReminderSchedule;
  timeZone: string;
}): Date[] {
  const { deadline, schedule, timeZone } = options;
  if (!schedule.enabled) return [];
  const times: number[] = [];
  if (schedule.hoursBefore !== null && schedule.hoursBefore > 0)
    times.push(deadline.getTime() - schedule.hoursBefore * HOUR_MS);
  const morning =
    schedule.morningTime === null ? null : parseTimeOfDay(schedule.morningTime);
  if (morning)
    times.push(lastMorningBefore(deadline, morning, timeZone).getTime());
  return [...new Set(times)]
    .sort((a, b) => a - b)
    .map((time) => new Date(time));
}

/**
 * The reminder to send now, if any: the latest reminder time that has come, lies after the
 * invitation and after the last reminder sent, while the deadline is still ahead. Times missed
 * together (a worker down for a day) give one e-mail, not several.
 */
export function dueReminderTime(options: {
  deadline: Date;
  schedule: ReminderSchedule;
  timeZone: string;
  invitedAt: Date;
  lastSentAt: Date | null;
  now: Date;
}): Date | null {
  const { deadline, invitedAt, lastSentAt, now } = options;
  if (deadline.getTime() <= now.getTime()) return null;
  const due = reminderTimes(options).filter(
    (time) =>
      time.getTime() <= now.getTime() &&
      time.getTime() > invitedAt.getTime() &&
      (lastSentAt === null || time.getTime() > lastSentAt.getTime()),
  );
  return due.at(-1) ?? null;
}
