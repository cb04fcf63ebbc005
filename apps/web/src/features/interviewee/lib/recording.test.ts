import { describe, expect, it } from 'vitest';
import { cameraProblemOf, formatClock } from './recording';

describe('cameraProblemOf', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'missing'],
    ['OverconstrainedError', 'missing'],
    ['NotReadableError', 'busy'],
    ['TypeError', 'other'],
  ])('%s → %s', (name, problem) => {
    expect(cameraProblemOf(new DOMException('x', name))).toBe(problem);
  });
  it('treats anything else as other', () => {
    expect(cameraProblemOf(new Error('boom'))).toBe('other');
  });
});

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [4.2, '0:05'],
    [59.5, '1:00'],
    [90, '1:30'],
    [-3, '0:00'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
});
