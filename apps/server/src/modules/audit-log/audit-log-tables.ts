import type { AuditActorType } from '@candor/domain';
import type { ColumnType, GeneratedAlways } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/**
 * One security-relevant act of a company (migration 20261208100000_audit_log, decision 195).
 * Append-only: a trigger refuses UPDATE and DELETE but the retention pruner's.
 */
export type AuditLogTable = {
  id: GeneratedAlways<string>;
  company_id: number;
  at: CreatedAt;
  actor_type: AuditActorType;
  actor_id: number | null;
  actor_name: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  ip: string | null;
  user_agent: string | null;
  details: ColumnType<Record<string, unknown>, string, never>;
};

export type AuditLogTables = { audit_log: AuditLogTable };
