import { z } from '../zod';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_TYPES,
  AUDIT_RETENTION_MAX_DAYS,
  AUDIT_RETENTION_MIN_DAYS,
} from '../audit-log/audit-log-rules';
import { pageQuerySchema, pagedSchema } from './paged';

/** Who acted: a person, an API key, a person signed in through their identity provider, or Candor. */
export const auditActorSchema = z.object({
  type: z.enum(AUDIT_ACTOR_TYPES),
  id: z.number().nullable(),
  name: z.string(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

/** Who asked for a change and from where: what the audit log records beside the change. */
export type RequestOrigin = {
  actor: AuditActor;
  ip: string | null;
  userAgent: string | null;
};

/** What the act was done to. */
export const auditTargetSchema = z.object({
  type: z.string(),
  id: z.string().nullable(),
  label: z.string(),
});
export type AuditTarget = z.infer<typeof auditTargetSchema>;

/** One row of GET /api/companies/{shortname}/audit-log. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: auditActorSchema,
  action: z.enum(AUDIT_ACTIONS),
  target: auditTargetSchema.nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** What changed (fields with their values before and after) or what was done; never secrets. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogListSchema = pagedSchema(auditEntrySchema);
export type AuditLogList = z.infer<typeof auditLogListSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

/** The filters of the list and of its CSV export. */
export const auditLogFilterSchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** Part of the actor's name, any case. */
  actor: z.string().trim().max(100).optional(),
  /** The first and last day shown (UTC), both included. */
  from: day.optional(),
  to: day.optional(),
});
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

export const auditLogQuerySchema = pageQuerySchema.extend(
  auditLogFilterSchema.shape,
);
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** GET/PUT /api/companies/{shortname}/audit-log/retention */
export const auditRetentionSchema = z.object({
  days: z
    .number()
    .int('Use a whole number of days')
    .min(
      AUDIT_RETENTION_MIN_DAYS,
      `Keep the audit log at least ${AUDIT_RETENTION_MIN_DAYS} days`,
    )
    .max(
      AUDIT_RETENTION_MAX_DAYS,
      `Keep the audit log at most ${AUDIT_RETENTION_MAX_DAYS} days`,
    ),
});
export type AuditRetention = z.infer<typeof auditRetentionSchema>;
