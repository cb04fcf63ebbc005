/*
 * The audit log's fixed parts (issue 44, decision 195): its action names, who can act, and how
 * long a company keeps it.
 */

/** Every action the log records: short dotted names, stable once shipped (exports filter by them). */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'member.invited',
  'member.role_changed',
  'member.removed',
  'reviewer.added',
  'reviewer.invited',
  'reviewer.permissions_changed',
  'reviewer.removed',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'domain.added',
  'domain.verified',
  'csv.exported',
  'interviewee.erased',
  'settings.updated',
  'audit_log.exported',
  'audit_log.retention_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'sso', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export const AUDIT_RETENTION_DEFAULT_DAYS = 365;
export const AUDIT_RETENTION_MIN_DAYS = 30;
export const AUDIT_RETENTION_MAX_DAYS = 3650;

/** An export holds at most this many rows, the newest; a narrower filter gets the rest. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

const SECRET_FIELD = /secret|password|token|hash|api_?key/i;

/**
 * The details as stored: a field whose name says it holds a secret keeps its name but not its
 * value, at any depth, so a careless caller cannot put a secret into the log.
 */
export function withoutSecrets(
  details: Record<string, unknown>,
): Record<string, unknown> {
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        SECRET_FIELD.test(key) ? '(hidden)' : clean(inner),
      ]),
    );
  };
  return clean(details) as Record<string, unknown>;
}

type Changed = Record<string, { before: unknown; after: unknown }>;

/** The fields that differ between two versions of a record, each with its value before and after. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Changed {
  const changed: Changed = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    changed[key] = { before: before[key], after: after[key] };
  }
  return changed;
}

const shown = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? value.map(shown).join(', ')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

const isChange = (
  value: unknown,
): value is { before: unknown; after: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  'before' in value &&
  'after' in value;

/** A row's details as lines to read: a changed field as "before → after", others as their value. */
export function auditDetailLines(details: Record<string, unknown>): string[] {
  return Object.entries(details).map(([field, value]) =>
    isChange(value)
      ? `${field}: ${shown(value.before)} → ${shown(value.after)}`
      : `${field}: ${shown(value)}`,
  );
}
