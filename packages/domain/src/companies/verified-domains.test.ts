import { describe, expect, test } from 'vitest';
import {
  domainRecordName,
  domainRecordValue,
  holdsDomainToken,
  normalizeDomain,
} from './verified-domains';

describe('normalizeDomain', () => {
  test.each([
    ['Example.COM', 'example.com'],
    [' mail.example.co.uk. ', 'mail.example.co.uk'],
    ['my-company.fr', 'my-company.fr'],
  ])('%j is %j', (input, domain) => {
    expect(normalizeDomain(input)).toBe(domain);
  });

  test.each([
    'localhost',
    'example',
    '-bad.example.com',
    'bad-.example.com',
    'under_score.example.com',
    '192.168.0.1',
    'example.123',
    'https://example.com',
    'ann@example.com',
    `${'a'.repeat(64)}.com`,
  ])('%j is refused', (input) => {
    expect(normalizeDomain(input)).toBeNull();
  });
});

describe('the TXT record', () => {
  test('has a name of its own under the domain and names the token', () => {
    expect(domainRecordName('example.com')).toBe(
      '_candor-verification.example.com',
    );
    expect(domainRecordValue('abc')).toBe('candor-verification=abc');
  });

  test('is found among other records, split into parts or not', () => {
    expect(
      holdsDomainToken(
        [['v=spf1 -all'], ['candor-verif', 'ication=abc']],
        'abc',
      ),
    ).toBe(true);
    expect(holdsDomainToken([['candor-verification=abd']], 'abc')).toBe(false);
    expect(holdsDomainToken([], 'abc')).toBe(false);
  });
});
