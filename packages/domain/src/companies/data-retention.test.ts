import { describe, expect, it } from 'vitest';
import { companySettingsUpdateSchema } from '../schemas/companies';
import {
  DATA_RETENTION_MESSAGE,
  isShorterRetention,
  retentionCutoff,
} from './data-retention';

describe('data retention (decision 072)', () => {
  it.each([
    ['2026-11-22T02:30:00.000Z', 12, '2025-11-22T02:30:00.000Z'],
    ['2026-11-22T02:30:00.000Z', 6, '2026-05-22T02:30:00.000Z'],
    ['2026-11-22T02:30:00.000Z', 36, '2023-11-22T02:30:00.000Z'],
    // A shorter month ends the count on its last day, as PostgreSQL's interval does.
    ['2026-08-31T09:00:00.000Z', 6, '2026-02-28T09:00:00.000Z'],
    ['2028-08-31T09:00:00.000Z', 6, '2028-02-29T09:00:00.000Z'],
    ['2026-03-31T23:59:59.999Z', 24, '2024-03-31T23:59:59.999Z'],
    ['2027-01-15T00:00:00.000Z', 12, '2026-01-15T00:00:00.000Z'],
  ])('from %s, %i months back is %s', (now, months, cutoff) => {
    expect(retentionCutoff(months, new Date(now)).toISOString()).toBe(cutoff);
  });

  it('calls a period shorter when it may erase more than before', () => {
    expect(isShorterRetention(null, 36)).toBe(true);
    expect(isShorterRetention(24, 12)).toBe(true);
    expect(isShorterRetention(12, 12)).toBe(false);
    expect(isShorterRetention(6, 36)).toBe(false);
    expect(isShorterRetention(6, null)).toBe(false);
  });

  it('accepts 6, 12, 24 or 36 months, or until deleted, in the settings form and API', () => {
    const base = {
      name: 'Acme',
      support_email: '',
      account_message: '',
      account_message_style: 1,
    };
    const parse = (value: unknown) =>
      companySettingsUpdateSchema.safeParse({
        ...base,
        data_retention_months: value,
      });
    for (const months of [6, 12, 24, 36])
      expect(parse(months).data?.data_retention_months).toBe(months);
    expect(parse(null).data?.data_retention_months).toBeNull();
    // Multipart forms send strings; an empty choice means until deleted.
    expect(parse('6').data?.data_retention_months).toBe(6);
    expect(parse('').data?.data_retention_months).toBeNull();
    // Leaving it out changes nothing.
    const omitted = companySettingsUpdateSchema.safeParse(base);
    expect(omitted.success && 'data_retention_months' in omitted.data).toBe(
      false,
    );
    for (const bad of [18, 0, -6, 48, 'forever', '18', 12.5, true, {}]) {
      const result = parse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(DATA_RETENTION_MESSAGE);
      expect(result.error?.issues[0]?.path).toEqual(['data_retention_months']);
    }
  });
});
