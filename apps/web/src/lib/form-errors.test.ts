import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { formErrorText, showFieldErrors } from './form-errors';

const FIELDS = ['email', 'name'] as const;
const badEmail = new ApiError(400, 'Check the form', {
  email: ['Enter a valid email address', 'A second message'],
  other: ['Not on this form'],
});

describe('server errors on a form', () => {
  it("puts the first message of each of the form's fields under it", () => {
    const setError = vi.fn();
    expect(showFieldErrors(setError, FIELDS)(badEmail)).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { message: 'Enter a valid email address' }],
    ]);
  });

  it('answers false when no field of the form took a message', () => {
    const setError = vi.fn();
    const forbidden = new ApiError(403, 'Not allowed');
    expect(showFieldErrors(setError, FIELDS)(forbidden)).toBe(false);
    expect(showFieldErrors(setError, FIELDS)(new Error('boom'))).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it('leaves the form-level box empty when a field shows the failure', () => {
    expect(formErrorText(badEmail, FIELDS)).toBeUndefined();
    expect(formErrorText(null, FIELDS)).toBeUndefined();
    expect(formErrorText(new ApiError(403, 'Not allowed'), FIELDS)).toBe(
      'Not allowed',
    );
    expect(formErrorText(new Error('boom'), FIELDS)).toBe('boom');
  });
});
