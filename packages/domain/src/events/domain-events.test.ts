import { describe, expect, test } from 'vitest';
import { DOMAIN_EVENT_DATA, isDomainEventType } from './domain-events';

describe('the domain event catalogue', () => {
  test.each([
    ['application.invited', true],
    ['applications.invited_all', true],
    ['application.started', true],
    ['application.created', false],
    ['toString', false],
    ['', false],
  ])('%s is an event type: %s', (type, expected) => {
    expect(isDomainEventType(type)).toBe(expected);
  });

  test.each([
    ['application.invited', { name: 'Ada Lovelace', job: 'Engineer' }],
    ['applications.invited_all', { count: 10_000, job: 'Engineer' }],
    ['application.rated', { rating: 4, scale: 5, answer: null }],
    [
      'application.review_completed',
      { name: 'Ada Lovelace', job: 'Engineer', first_of_panel: true },
    ],
    ['settings.updated', {}],
  ] as const)('%s takes its data', (type, data) => {
    expect(DOMAIN_EVENT_DATA[type].safeParse(data).success).toBe(true);
  });

  test.each([
    ['application.invited', { job: 'Engineer' }],
    ['applications.invited_all', { count: '10000', job: 'Engineer' }],
    ['application.rated', { rating: 4, scale: 5 }],
    ['application.review_completed', { name: 'Ada', job: 'Engineer' }],
  ] as const)('%s refuses data without what its readers need', (type, data) => {
    expect(DOMAIN_EVENT_DATA[type].safeParse(data).success).toBe(false);
  });
});
