/*
 * Verified domains (issue 44, decision 201): a company proves it holds a domain by a DNS TXT
 * record; one domain is verified by one company at most.
 */

/** Where the record goes: a name of its own, so it never disturbs the domain's other TXT records. */
export const DOMAIN_RECORD_PREFIX = '_candor-verification';
export const DOMAIN_RECORD_VALUE_PREFIX = 'candor-verification=';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The domain as stored (lower case, no trailing dot; an internationalised name in its xn-- form),
 * or null when it does not look like a domain: at least two labels, the last alphabetic.
 */
export function normalizeDomain(input: string): string | null {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  if (domain.length > 253) return null;
  const labels = domain.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((label) => LABEL.test(label))) return null;
  if (!/^[a-z]{2,63}$/.test(labels[labels.length - 1] ?? '')) return null;
  return domain;
}

export function domainRecordName(domain: string): string {
  return `${DOMAIN_RECORD_PREFIX}.${domain}`;
}

export function domainRecordValue(token: string): string {
  return `${DOMAIN_RECORD_VALUE_PREFIX}${token}`;
}

/** Whether the TXT strings found at the record's name hold this token (each record's parts joined). */
export function holdsDomainToken(records: string[][], token: string): boolean {
  const expected = domainRecordValue(token);
  return records.some((parts) => parts.join('').trim() === expected);
}
