import { useTranslation } from 'react-i18next';

type DateInput = string | number | Date;

const toDate = (value: DateInput) =>
  value instanceof Date ? value : new Date(value);

/** A day: '21 Nov 2026', '21 nov. 2026' (in the viewer's zone unless `timeZone` is given). */
export function formatDay(
  value: DateInput,
  locale: string,
  timeZone?: string,
): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).format(toDate(value));
}

/** A day and a time: '21 Nov 2026, 14:05'. */
export function formatDateTime(value: DateInput, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(toDate(value));
}

/**
 * A deadline as an interviewee reads it: 'Friday 4 December 2026 at 17:00 GMT'. It names the
 * time zone (the viewer's own unless `timeZone` is given), so nobody abroad, or reading it
 * across a clock change, misses a deadline by an hour.
 */
export function formatDeadline(
  value: DateInput,
  locale: string,
  timeZone?: string,
): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(toDate(value));
}

/**
 * A report period by its first day ('2026-11-16', a UTC day as the API counts them): '16 Nov'
 * for a week, 'Nov 26' for a month, short enough for a chart's axis.
 */
export function formatPeriod(
  firstDay: string,
  locale: string,
  unit: 'week' | 'month',
): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    ...(unit === 'month'
      ? { month: 'short', year: '2-digit' }
      : { day: 'numeric', month: 'short' }),
  }).format(new Date(`${firstDay}T00:00:00Z`));
}

/** The formatters above in the current i18next language. */
export function useFormatDate() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    day: (value: DateInput) => formatDay(value, locale),
    dateTime: (value: DateInput) => formatDateTime(value, locale),
    deadline: (value: DateInput) => formatDeadline(value, locale),
  };
}
