import { describe, expect, it } from 'vitest';
import {
  applicantDeadline,
  defaultExtendedDeadline,
  isExtensionDayDisabled,
  isValidNewDeadline,
  QUICK_EXTENSION_DAYS,
  quickExtendedDeadline,
} from './deadlines';

const now = new Date(2026, 10, 21, 12, 0);
const future = new Date(2026, 10, 25, 17, 0);
const past = new Date(2026, 10, 18, 17, 0);

describe('deadline extenders (spec 5 and 9)', () => {
  it('defaults to one day after the deadline', () => {
    expect(defaultExtendedDeadline(future, now)).toEqual(
      new Date(2026, 10, 26, 17, 0),
    );
  });
  it('defaults to one day after today if the deadline is past', () => {
    expect(defaultExtendedDeadline(past, now)).toEqual(
      new Date(2026, 10, 22, 12, 0),
    );
    expect(defaultExtendedDeadline(null, now)).toEqual(
      new Date(2026, 10, 22, 12, 0),
    );
  });
  it('a deadline later today counts as not yet past', () => {
    const laterToday = new Date(2026, 10, 21, 18, 0);
    expect(defaultExtendedDeadline(laterToday, now)).toEqual(
      new Date(2026, 10, 22, 18, 0),
    );
  });
  it('offers +3, +5 and +7 days', () => {
    expect(QUICK_EXTENSION_DAYS).toEqual([3, 5, 7]);
    expect(quickExtendedDeadline(future, now, 3)).toEqual(
      new Date(2026, 10, 28, 17, 0),
    );
    expect(quickExtendedDeadline(past, now, 7)).toEqual(
      new Date(2026, 10, 28, 12, 0),
    );
  });
  it('disables dates up to the current deadline', () => {
    expect(isExtensionDayDisabled(new Date(2026, 10, 25), future, now)).toBe(
      true,
    );
    expect(isExtensionDayDisabled(new Date(2026, 10, 22), future, now)).toBe(
      true,
    );
    expect(isExtensionDayDisabled(new Date(2026, 10, 26), future, now)).toBe(
      false,
    );
  });
  it('disables today and earlier when the deadline is past', () => {
    expect(isExtensionDayDisabled(new Date(2026, 10, 21), past, now)).toBe(
      true,
    );
    expect(isExtensionDayDisabled(new Date(2026, 10, 22), past, now)).toBe(
      false,
    );
  });
  it('accepts only a new deadline after the current one and in the future', () => {
    expect(isValidNewDeadline(new Date(2026, 10, 26), future, now)).toBe(true);
    expect(isValidNewDeadline(new Date(2026, 10, 24), future, now)).toBe(false);
    expect(isValidNewDeadline(new Date(2026, 10, 20), past, now)).toBe(false);
  });
  it('gives an invited applicant the job deadline, or applicant_deadline_days from now', () => {
    expect(
      applicantDeadline(
        { deadline: future, applicant_deadline_days: null },
        now,
      ),
    ).toEqual(future);
    expect(
      applicantDeadline({ deadline: null, applicant_deadline_days: 5 }, now),
    ).toEqual(new Date(2026, 10, 26, 12, 0));
    expect(
      applicantDeadline({ deadline: null, applicant_deadline_days: null }, now),
    ).toBeNull();
  });
});
