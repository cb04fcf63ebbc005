import { describe, expect, it } from 'vitest';
import {
  availableBulkColumns,
  checkBulkColumns,
  checkBulkUser,
  guessBulkColumns,
  isValidEmail,
  looksLikeHeader,
  rowErrorSummary,
  rowToUser,
} from './bulk-add';

describe('bulk-add column rules (spec 5)', () => {
  it.each([
    [
      'first_name, last_name and email: Add enabled',
      ['first_name', 'last_name', 'email'],
      false,
      true,
    ],
    [
      'extra unchosen columns are ignored',
      [null, 'email', 'first_name', null, 'last_name'],
      false,
      true,
    ],
    [
      'missing email: Add disabled',
      ['first_name', 'last_name', null],
      false,
      false,
    ],
    [
      'missing first_name: Add disabled',
      [null, 'last_name', 'email'],
      false,
      false,
    ],
    [
      'each choice unique: two email columns disable Add',
      ['first_name', 'last_name', 'email', 'email'],
      false,
      false,
    ],
    [
      'phone only with sms_enabled: refused without',
      ['first_name', 'last_name', 'email', 'phone'],
      false,
      false,
    ],
    [
      'phone with sms_enabled is fine',
      ['first_name', 'last_name', 'email', 'phone'],
      true,
      true,
    ],
  ] as const)('%s', (_name, choices, smsEnabled, ok) => {
    expect(checkBulkColumns(choices, { smsEnabled }).ok).toBe(ok);
  });

  it('names what is missing and duplicated', () => {
    expect(checkBulkColumns(['email', 'email'], { smsEnabled: false })).toEqual(
      {
        ok: false,
        missing: ['first_name', 'last_name'],
        duplicates: ['email'],
        phoneNotAllowed: false,
      },
    );
  });

  it('offers phone only with SMS', () => {
    expect(availableBulkColumns({ smsEnabled: false })).toEqual([
      'first_name',
      'last_name',
      'email',
    ]);
    expect(availableBulkColumns({ smsEnabled: true })).toContain('phone');
  });

  it('guesses columns from a header row, each once', () => {
    expect(
      guessBulkColumns(['First name', 'Surname', 'E-mail', 'Mobile', 'Notes'], {
        smsEnabled: true,
      }),
    ).toEqual(['first_name', 'last_name', 'email', 'phone', null]);
    expect(guessBulkColumns(['Email', 'email'], { smsEnabled: false })).toEqual(
      ['email', null],
    );
    expect(
      looksLikeHeader(['First name', 'Last name', 'Email'], {
        smsEnabled: false,
      }),
    ).toBe(true);
    expect(
      looksLikeHeader(['Ann', 'Lee', 'ann@example.com'], { smsEnabled: false }),
    ).toBe(false);
  });
});

describe('e-mail pattern check', () => {
  it.each([
    ['ann@example.com', true],
    ['ann.lee+jobs@mail.example.co.uk', true],
    ['ann@example', false],
    ['ann example.com', false],
    ['ann@@example.com', false],
    ['', false],
  ])('%s → %s', (email, valid) => expect(isValidEmail(email)).toBe(valid));
});

describe('rows', () => {
  it('maps a row through the chosen columns and checks it', () => {
    const user = rowToUser(
      [' Ann ', 'x', 'Lee', 'not-an-email'],
      ['first_name', null, 'last_name', 'email'],
    );
    expect(user).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'not-an-email',
      phone: '',
    });
    expect(checkBulkUser(user)).toEqual({
      email: 'Enter a valid email address',
    });
    expect(checkBulkUser(rowToUser([], []))).toHaveProperty('first_name');
  });

  it.each([
    [[3], 'Row 3 has an error'],
    [[1, 2, 3], 'Rows 1, 2 and 3 have errors'],
    [[7, 2], 'Rows 2 and 7 have errors'],
    [[4, 4], 'Row 4 has an error'],
    [[], ''],
  ])('summary of %j: %s', (rows, summary) =>
    expect(rowErrorSummary(rows)).toBe(summary),
  );
});
