import type { AuditAction, AuditLogFilter } from '@candor/domain';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection';
import { escapeLikePattern } from '../../db/like-pattern';
import type { RequestOrigin } from '../../platform/http/request-origin';

export type AuditInput = {
  action: AuditAction;
  origin: RequestOrigin;
  target?: { type: string; id: string | number | null; label: string } | null;
  details?: Record<string, unknown>;
};

function auditValues(input: AuditInput) {
  const { actor, ip, userAgent } = input.origin;
  return {
    actor_type: actor.type,
    actor_id: actor.id,
    actor_name: actor.name,
    action: input.action,
    target_type: input.target?.type ?? null,
    target_id:
      input.target?.id === null || input.target?.id === undefined
        ? null
        : String(input.target.id),
    target_label: input.target?.label ?? null,
    ip,
    user_agent: userAgent,
    details: JSON.stringify(input.details ?? {}),
  };
}

/** One row; call it with the transaction of the change it records. */
export function insertAuditEntry(
  db: Db,
  input: AuditInput & { companyId: number },
): Promise<unknown> {
  return db
    .insertInto('audit_log')
    .values({ company_id: input.companyId, ...auditValues(input) })
    .execute();
}

/** One row for each company the user is an active member of, in one statement (a sign-in). */
export function insertAuditEntryForMemberships(
  db: Db,
  input: AuditInput & { userId: number },
): Promise<unknown> {
  const values = auditValues(input);
  return db
    .insertInto('audit_log')
    .columns([
      'company_id',
      ...(Object.keys(values) as (keyof typeof values)[]),
    ])
    .expression(
      db
        .selectFrom('memberships')
        .select((eb) => [
          'company_id',
          ...Object.entries(values).map(([column, value]) =>
            eb.val(value).as(column),
          ),
        ])
        .where('user_id', '=', input.userId)
        .where('status', '=', 'active'),
    )
    .execute();
}

function filtered(
  db: Db,
  options: { companyId: number; filter: AuditLogFilter },
) {
  const { action, actor, from, to } = options.filter;
  return db
    .selectFrom('audit_log')
    .where('company_id', '=', options.companyId)
    .$if(action !== undefined, (q) => q.where('action', '=', action ?? ''))
    .$if(Boolean(actor), (q) =>
      q.where('actor_name', 'ilike', `%${escapeLikePattern(actor ?? '')}%`),
    )
    .$if(from !== undefined, (q) =>
      q.where((eb): Expression<SqlBool> =>
        eb('at', '>=', sql<Date>`${from}::date::timestamptz`),
      ),
    )
    .$if(to !== undefined, (q) =>
      q.where((eb): Expression<SqlBool> =>
        eb('at', '<', sql<Date>`(${to}::date + 1)::timestamptz`),
      ),
    );
}

/** The newest first; the company index serves the order. */
export function listAuditEntries(
  db: Db,
  options: {
    companyId: number;
    filter: AuditLogFilter;
    limit: number;
    offset: number;
  },
) {
  return filtered(db, options)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

export type AuditRow = Awaited<ReturnType<typeof listAuditEntries>>[number];

export async function countAuditEntries(
  db: Db,
  options: { companyId: number; filter: AuditLogFilter },
): Promise<number> {
  const row = await filtered(db, options)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findAuditRetentionDays(
  db: Db,
  companyId: number,
): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select('audit_retention_days')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row.audit_retention_days;
}

export function updateAuditRetentionDays(
  db: Db,
  options: { companyId: number; days: number },
): Promise<unknown> {
  return db
    .updateTable('companies')
    .set({ audit_retention_days: options.days })
    .where('id', '=', options.companyId)
    .execute();
}

/**
 * Deletes up to `limit` rows older than their company's setting. Only this transaction may: the
 * trigger lets a DELETE through when `candor.audit_prune` is set for the transaction alone.
 */
export function pruneAuditLog(
  db: Db,
  options: { now: Date; limit: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('candor.audit_prune', 'on', true)`.execute(trx);
    const result = await sql`
      DELETE FROM audit_log WHERE id IN (
        SELECT a.id FROM audit_log a JOIN companies c ON c.id = a.company_id
        WHERE a.at < ${options.now}::timestamptz
          - make_interval(days => c.audit_retention_days)
        LIMIT ${options.limit}
      )
    `.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}
