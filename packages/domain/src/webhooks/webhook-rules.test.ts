import { describe, expect, test } from 'vitest';
import {
  hasFailedForADay,
  isWebhookEvent,
  webhookRetryDelaySeconds,
  webhookUrlProblem,
} from './webhook-rules';

describe('webhookUrlProblem', () => {
  test.each([
    ['https://hooks.example.com/candor', false, null],
    ['https://hooks.example.com:8443/x?y=1', false, null],
    [
      'http://hooks.example.com/candor',
      false,
      'The URL must start with https://.',
    ],
    ['http://127.0.0.1:4000/hook', true, null],
    ['ftp://example.com/', true, 'The URL must start with https://.'],
    [
      'https://user:pw@example.com/',
      false,
      'The URL must not contain a user name or password.',
    ],
    [
      'example.com/hook',
      false,
      'Enter a full URL, such as https://example.com/hooks.',
    ],
  ])('%s (private allowed: %s)', (url, allowPrivate, problem) => {
    expect(webhookUrlProblem(url, { allowPrivate })).toBe(problem);
  });
});

describe('webhookRetryDelaySeconds', () => {
  test('grows from 5 s to 10 h, then gives up', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => webhookRetryDelaySeconds(n)),
    ).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000, null]);
  });
  test('takes a schedule of its own', () => {
    expect(webhookRetryDelaySeconds(1, [0, 1])).toBe(0);
    expect(webhookRetryDelaySeconds(3, [0, 1])).toBeNull();
  });
});

describe('hasFailedForADay', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  test('23 hours is not a day, 24 is', () => {
    expect(hasFailedForADay(new Date('2026-11-25T13:00:00Z'), now)).toBe(false);
    expect(hasFailedForADay(new Date('2026-11-25T12:00:00Z'), now)).toBe(true);
  });
});

test('isWebhookEvent knows the eleven events only', () => {
  expect(isWebhookEvent('application.completed')).toBe(true);
  expect(isWebhookEvent('application.rated')).toBe(false);
});
