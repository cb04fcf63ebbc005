import { describe, expect, it } from 'vitest';
import { SMS_REFUSALS, smsRefusal, smsRetryDelaySeconds } from './sms-limits';

describe('smsRefusal', () => {
  const allowed = {
    optedOut: false,
    sentByCompanyToday: 0,
    dailyCap: 1000,
    sentToNumberToday: 0,
  };
  it.each([
    [allowed, null],
    [{ ...allowed, optedOut: true }, SMS_REFUSALS.optedOut],
    [{ ...allowed, sentByCompanyToday: 999 }, null],
    [{ ...allowed, sentByCompanyToday: 1000 }, SMS_REFUSALS.companyCap],
    [{ ...allowed, dailyCap: 0 }, SMS_REFUSALS.companyCap],
    [{ ...allowed, sentToNumberToday: 2 }, null],
    [{ ...allowed, sentToNumberToday: 3 }, SMS_REFUSALS.numberLimit],
    [
      { ...allowed, optedOut: true, sentToNumberToday: 3 },
      SMS_REFUSALS.optedOut,
    ],
  ])('%o → %s', (input, expected) => {
    expect(smsRefusal(input)).toBe(expected);
  });
});

describe('smsRetryDelaySeconds', () => {
  it.each([
    [1, 15],
    [2, 30],
    [3, 60],
    [20, 3600],
  ])('after %i tries waits %i s', (attempts, seconds) => {
    expect(smsRetryDelaySeconds(attempts)).toBe(seconds);
  });
});
