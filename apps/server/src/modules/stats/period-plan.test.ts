import { describe, expect, it } from 'vitest';
import { planPeriod } from './period-plan';

const period = (from: string, to: string) => ({
  from: new Date(`${from}T00:00:00Z`),
  to: new Date(`${to}T00:00:00Z`),
});

describe('planPeriod', () => {
  it.each([
    [
      'a year reads whole months only',
      period('2025-01-01', '2026-01-01'),
      { days: [], months: { from: '2025-01-01', to: '2026-01-01' } },
    ],
    [
      'partial months at either end read days',
      period('2026-01-15', '2026-06-11'),
      {
        days: [
          { from: '2026-01-15', to: '2026-02-01' },
          { from: '2026-06-01', to: '2026-06-11' },
        ],
        months: { from: '2026-02-01', to: '2026-06-01' },
      },
    ],
    [
      'across a new year',
      period('2025-12-31', '2026-02-02'),
      {
        days: [
          { from: '2025-12-31', to: '2026-01-01' },
          { from: '2026-02-01', to: '2026-02-02' },
        ],
        months: { from: '2026-01-01', to: '2026-02-01' },
      },
    ],
    [
      'no whole month inside reads days',
      period('2026-01-15', '2026-02-21'),
      { days: [{ from: '2026-01-15', to: '2026-02-21' }], months: null },
    ],
  ])('%s', (_name, value, expected) => {
    expect(planPeriod(value, 'month')).toEqual(expected);
  });

  it('reads days only within a month and for weekly charts', () => {
    expect(planPeriod(period('2026-03-02', '2026-03-30'), 'month')).toEqual({
      days: [{ from: '2026-03-02', to: '2026-03-30' }],
      months: null,
    });
    expect(planPeriod(period('2026-03-01', '2026-05-01'), 'week')).toEqual({
      days: [{ from: '2026-03-01', to: '2026-05-01' }],
      months: null,
    });
  });
});
