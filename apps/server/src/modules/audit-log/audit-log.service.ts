import {
  AUDIT_EXPORT_MAX_ROWS,
  withoutSecrets,
  type AuditAction,
  type AuditEntry,
  type AuditLogFilter,
} from '@candor/domain';
import type { Db } from '../../db/connection';
import { pageWithTotal } from '../../platform/http/paging';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { csvLine } from '../../platform/http/csv';
import {
  countAuditEntries,
  insertAuditEntry,
  insertAuditEntryForMemberships,
  listAuditEntries,
  findAuditRetentionDays,
  updateAuditRetentionDays,
  type AuditInput,
  type AuditRow,
} from './audit-log.repository';

const clean = (input: AuditInput): AuditInput => ({
  ...input,
  details: withoutSecrets(input.details ?? {}),
});

/**
 * Records one act of a company (decision 195). Call it with the transaction of the change it
 * records, so the row commits exactly when the change does.
 */
export function recordAudit(
  db: Db,
  input: AuditInput & { companyId: number },
): Promise<unknown> {
  return insertAuditEntry(db, { ...clean(input), companyId: input.companyId });
}

/** Records an act about a person in every company they are an active member of (a sign-in). */
export function recordAuditForMemberships(
  db: Db,
  input: AuditInput & { userId: number },
): Promise<unknown> {
  return insertAuditEntryForMemberships(db, {
    ...clean(input),
    userId: input.userId,
  });
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { type: row.actor_type, id: row.actor_id, name: row.actor_name },
    action: row.action as AuditAction,
    target:
      row.target_type === null
        ? null
        : {
            type: row.target_type,
            id: row.target_id,
            label: row.target_label ?? '',
          },
    ip: row.ip,
    user_agent: row.user_agent,
    details: row.details,
  };
}

export async function readAuditLog(
  db: Db,
  options: {
    companyId: number;
    filter: AuditLogFilter;
    page: number;
    pageSize: number;
  },
): Promise<{ entries: AuditEntry[]; count: number }> {
  const { companyId, filter, page, pageSize } = options;
  const offset = (page - 1) * pageSize;
  const { rows, count } = await pageWithTotal({
    offset,
    limit: pageSize,
    rows: () =>
      listAuditEntries(db, { companyId, filter, limit: pageSize, offset }),
    count: () => countAuditEntries(db, { companyId, filter }),
  });
  return { entries: rows.map(toAuditEntry), count };
}

const CSV_HEADER = [
  'At (UTC)',
  'Actor type',
  'Actor',
  'Action',
  'Target type',
  'Target',
  'IP address',
  'User agent',
  'Details',
];

/**
 * The filtered log as CSV, newest first; the export is itself recorded, in the transaction that
 * reads the rows, so the file includes its own line.
 */
export function exportAuditLog(
  db: Db,
  options: { companyId: number; filter: AuditLogFilter; origin: RequestOrigin },
): Promise<string> {
  const { companyId, filter, origin } = options;
  return db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      companyId,
      origin,
      action: 'audit_log.exported',
      details: { filter },
    });
    const rows = await listAuditEntries(trx, {
      companyId,
      filter,
      limit: AUDIT_EXPORT_MAX_ROWS,
      offset: 0,
    });
    // A byte-order mark so that spreadsheets read the names' accents as UTF-8.
    return `\uFEFF${csvLine(CSV_HEADER)}${rows
      .map((row) =>
        csvLine([
          row.at.toISOString(),
          row.actor_type,
          row.actor_name,
          row.action,
          row.target_type,
          row.target_label,
          row.ip,
          row.user_agent,
          JSON.stringify(row.details),
        ]),
      )
      .join('')}`;
  });
}

export function changeAuditRetention(
  db: Db,
  options: { companyId: number; days: number; origin: RequestOrigin },
): Promise<void> {
  const { companyId, days, origin } = options;
  return db.transaction().execute(async (trx) => {
    const before = await findAuditRetentionDays(trx, companyId);
    if (before === days) return;
    await updateAuditRetentionDays(trx, { companyId, days });
    await recordAudit(trx, {
      companyId,
      origin,
      action: 'audit_log.retention_changed',
      target: { type: 'company', id: companyId, label: 'Audit log' },
      details: { days: { before, after: days } },
    });
  });
}
