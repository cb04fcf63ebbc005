/** A half-open range of UTC days, as 'YYYY-MM-DD': `from` included, `to` excluded. */
export type DayRange = { from: string; to: string };

export type Period = { from: Date; to: Date };
export type StatsInterval = 'week' | 'month';

/**
 * Which counters cover a period: the whole months inside it from the monthly counters, the
 * days before and after them from the daily ones, so a year reads 12 rows per interview
 * instead of 365. A weekly chart reads days only, since weeks cross month boundaries.
 */
export function planPeriod(
  period: Period,
  interval: StatsInterval,
): { days: DayRange[]; months: DayRange | null } {
  const whole = { from: isoDay(period.from), to: isoDay(period.to) };
  if (interval === 'week') return { days: [whole], months: null };
  const firstMonth =
    period.from.getUTCDate() === 1 ? period.from : nextMonth(period.from);
  const lastMonthEnd = new Date(
    Date.UTC(period.to.getUTCFullYear(), period.to.getUTCMonth(), 1),
  );
  if (firstMonth >= lastMonthEnd) return { days: [whole], months: null };
  const months = { from: isoDay(firstMonth), to: isoDay(lastMonthEnd) };
  const days = [
    { from: whole.from, to: months.from },
    { from: months.to, to: whole.to },
  ].filter((range) => range.from < range.to);
  return { days, months };
}

function nextMonth(day: Date): Date {
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1));
}

export function isoDay(day: Date): string {
  return day.toISOString().slice(0, 10);
}
