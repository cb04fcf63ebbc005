import { describe, expect, test } from 'vitest';
import {
  auditDetailLines,
  changedFields,
  withoutSecrets,
} from './audit-log-rules';

describe('withoutSecrets', () => {
  test('hides the values of fields named for secrets, at any depth', () => {
    expect(
      withoutSecrets({
        url: 'https://example.com',
        secret: 'whsec_1',
        changes: { password_hash: { before: 'a', after: 'b' } },
        keys: [{ api_key: 'cnd_x', name: 'CI' }],
      }),
    ).toEqual({
      url: 'https://example.com',
      secret: '(hidden)',
      changes: { password_hash: '(hidden)' },
      keys: [{ api_key: '(hidden)', name: 'CI' }],
    });
  });
});

describe('changedFields', () => {
  test('lists only the fields that differ, with their values before and after', () => {
    expect(
      changedFields(
        { role: 'member', name: 'Ann', events: ['a'] },
        { role: 'admin', name: 'Ann', events: ['a', 'b'] },
      ),
    ).toEqual({
      role: { before: 'member', after: 'admin' },
      events: { before: ['a'], after: ['a', 'b'] },
    });
  });

  test('skips the fields the change leaves out', () => {
    expect(changedFields({ role: 'member' }, { role: undefined })).toEqual({});
  });
});

describe('auditDetailLines', () => {
  test.each([
    [{ role: { before: 'member', after: 'admin' } }, ['role: member → admin']],
    [{ events: { before: ['a'], after: ['a', 'b'] } }, ['events: a → a, b']],
    [{ days: { before: null, after: 30 } }, ['days: — → 30']],
    [
      { scope: 'read', filter: { action: 'csv.exported' } },
      ['scope: read', 'filter: {"action":"csv.exported"}'],
    ],
  ])('%j reads as %j', (details, lines) => {
    expect(auditDetailLines(details)).toEqual(lines);
  });
});
