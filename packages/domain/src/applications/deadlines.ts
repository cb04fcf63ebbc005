/** Quick extension choices of the deadline extenders (spec section 9). */
export const QUICK_EXTENSION_DAYS = [3, 5, 7] as const;
export const DEFAULT_EXTENSION_DAYS = 1;

const DAY_MS = 24 * 60 * 60 * 1000;

function addDays(date: Date, days: number): Date {
  const next = new Date(date.getTime());
  next.setDate(next.getDate() + days);
  return next;
}

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/**
 * Where an extension counts from: the current deadline while it is in the future, otherwise
 * now (an expired invitation gets its new days from today).
 */
export function extensionBase(deadline: Date | null, now: Date): Date {
  return deadline !== null && deadline.getTime() > now.getTime()
    ? deadline
    : now;
}

/** The default new deadline: one day after the deadline, or one day after today if it is past. */
export function defaultExtendedDeadline(
  deadline: Date | null,
  now: Date,
): Date {
  return addDays(extensionBase(deadline, now), DEFAULT_EXTENSION_DAYS);
}

/** A quick choice: +3, +5 or +7 days from the same base as the default. */
export function quickExtendedDeadline(
  deadline: Date | null,
  now: Date,
  days: number,
): Date {
  return addDays(extensionBase(deadline, now), days);
}

/**
 * Whether a day is disabled in the picker: dates up to the current deadline are disabled, and
 * so are today and earlier days (a deadline must lie ahead), compared as calendar days.
 */
export function isExtensionDayDisabled(
  day: Date,
  deadline: Date | null,
  now: Date,
): boolean {
  const last = startOfDay(extensionBase(deadline, now)).getTime();
  return startOfDay(day).getTime() <= last;
}

/**
 * The time of day kept when a day is picked: the current deadline's time, so picking a day
 * moves the deadline by whole days.
 */
export function withTimeOf(day: Date, timeSource: Date): Date {
  const result = new Date(day.getTime());
  result.setHours(timeSource.getHours(), timeSource.getMinutes(), 0, 0);
  return result;
}

/** Whether a requested new deadline is acceptable: after the current one and in the future. */
export function isValidNewDeadline(
  next: Date,
  deadline: Date | null,
  now: Date,
): boolean {
  const floor = Math.max(deadline?.getTime() ?? 0, now.getTime());
  return next.getTime() > floor;
}

/** An applicant's deadline from the job: the job's own deadline, or N days from now. */
export function applicantDeadline(
  job: { deadline: Date | null; applicant_deadline_days: number | null },
  now: Date,
): Date | null {
  if (job.deadline !== null && job.deadline.getTime() > now.getTime())
    return job.deadline;
  if (job.applicant_deadline_days !== null && job.applicant_deadline_days > 0) {
    return new Date(now.getTime() + job.applicant_deadline_days * DAY_MS);
  }
  return job.deadline;
}
