import { describe, expect, test } from 'vitest';
import { KEY_NOT_OPEN, KEY_READ_ONLY, keyRefusal } from './api-key-scope';

describe('keyRefusal', () => {
  test.each([
    ['read', undefined, KEY_NOT_OPEN],
    ['write', undefined, KEY_NOT_OPEN],
    ['read', 'read', null],
    ['write', 'read', null],
    ['read', 'write', KEY_READ_ONLY],
    ['write', 'write', null],
  ] as const)('a %s key on a route needing %s', (key, route, expected) => {
    expect(keyRefusal(key, route)).toBe(expected);
  });
});
