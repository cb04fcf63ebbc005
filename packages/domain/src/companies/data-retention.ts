/**
 * How long a company keeps an interviewee's data after their last activity
 * (docs/decisions/072-data-retention.md). `null` keeps it until someone deletes it.
 */
export const DATA_RETENTION_MONTHS = [6, 12, 24, 36] as const;
export const DATA_RETENTION_CHOICES = [...DATA_RETENTION_MONTHS, null] as const;
export type DataRetentionMonths = (typeof DATA_RETENTION_CHOICES)[number];

/** New companies start here; companies that existed before the setting keep everything. */
export const DEFAULT_DATA_RETENTION_MONTHS: DataRetentionMonths = 12;

export const DATA_RETENTION_MESSAGE =
  'Choose 6, 12, 24 or 36 months, or until deleted.';

/**
 * The oldest last activity that is still kept: `months` calendar months before `now`, on the
 * last day of the month when that month is shorter (31 March less one month is 28 or 29
 * February), as PostgreSQL subtracts an interval of months in the sweep.
 */
export function retentionCutoff(months: number, now: Date): Date {
  const totalMonths = now.getUTCFullYear() * 12 + now.getUTCMonth() - months;
  const year = Math.floor(totalMonths / 12);
  const month = totalMonths - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(now.getUTCDate(), lastDay),
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  );
}

/**
 * Whether a company's period is shorter than before, so saving it may erase interviewees that
 * were kept until now (the page asks first).
 */
export function isShorterRetention(
  before: DataRetentionMonths,
  after: DataRetentionMonths,
): boolean {
  if (after === null) return false;
  return before === null || after < before;
}
