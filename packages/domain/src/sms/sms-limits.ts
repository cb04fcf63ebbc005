/** Texts a company may send in a day unless its admin sets another cap (issue 43). */
export const SMS_DAILY_CAP_DEFAULT = 1000;
/** Texts one number may receive from one company in a day, whatever the cause. */
export const SMS_PER_NUMBER_DAILY = 3;

export type SmsStatus = 'queued' | 'sent' | 'delivered' | 'failed';

export const SMS_REFUSALS = {
  optedOut: 'This number has opted out of text messages',
  companyCap: 'The company’s daily limit of text messages was reached',
  numberLimit: `This number already had ${SMS_PER_NUMBER_DAILY} text messages today`,
} as const;

/**
 * Why a text may not be sent, or null when it may: an opted-out number never, then the
 * company's daily cap, then the number's own daily limit. Counts are of texts already accepted
 * today (UTC), this one not included.
 */
export function smsRefusal(options: {
  optedOut: boolean;
  sentByCompanyToday: number;
  dailyCap: number;
  sentToNumberToday: number;
}): string | null {
  if (options.optedOut) return SMS_REFUSALS.optedOut;
  if (options.sentByCompanyToday >= options.dailyCap)
    return SMS_REFUSALS.companyCap;
  if (options.sentToNumberToday >= SMS_PER_NUMBER_DAILY)
    return SMS_REFUSALS.numberLimit;
  return null;
}

/** Seconds before the next try after `attempts` tries: 15 s, 30 s, 1 min … at most 1 hour. */
export function smsRetryDelaySeconds(attempts: number): number {
  return Math.min(15 * 2 ** Math.max(0, attempts - 1), 60 * 60);
}
