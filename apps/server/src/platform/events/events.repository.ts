import type { DomainEvent, DomainEventType } from '@candor/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { StoredEvent } from './subscribers';

export function insertEvent(db: Db, event: DomainEvent): Promise<unknown> {
  return db
    .insertInto('domain_events')
    .values({
      type: event.type,
      company_id: event.companyId,
      job_id: event.jobId ?? null,
      application_id: event.applicationId ?? null,
      application_ids: event.applicationIds ? [...event.applicationIds] : null,
      user_id: event.userId ?? null,
      data: JSON.stringify(event.data),
    })
    .execute();
}

export type Subscription = {
  name: string;
  after_tx_id: string;
  after_event_id: string;
  attempts: number;
};

/** Adds the subscriber's position once: at the start of the stream, or at its present end. */
export async function ensureSubscription(
  db: Db,
  options: { name: string; startFrom: 'beginning' | 'now' },
): Promise<void> {
  // "Now" is the oldest transaction still running: every event after it is still to come.
  const start =
    options.startFrom === 'now'
      ? sql<string>`pg_snapshot_xmin(pg_current_snapshot())`
      : sql<string>`'0'::xid8`;
  await db
    .insertInto('event_subscriptions')
    .values({ name: options.name, after_tx_id: start })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Locks the subscriber's position for this transaction unless it waits out a failure or
 * another worker holds it (SKIP LOCKED): one worker at a time runs each subscriber, in order.
 */
export function claimSubscription(
  db: Db,
  options: { name: string; now: Date },
): Promise<Subscription | undefined> {
  return db
    .selectFrom('event_subscriptions')
    .select(['name', 'after_tx_id', 'after_event_id', 'attempts'])
    .where('name', '=', options.name)
    .where((eb) =>
      eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', options.now)]),
    )
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/**
 * The next events of the given types after a position, oldest first. Only events of
 * transactions older than every transaction still running are read: a later one may yet commit
 * an event with a lower id, which the position must not pass.
 */
export async function readEventsAfter(
  db: Db,
  options: {
    afterTxId: string;
    afterEventId: string;
    types: readonly DomainEventType[];
    limit: number;
  },
): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('domain_events')
    .select([
      'id',
      'type',
      'company_id',
      'job_id',
      'application_id',
      'application_ids',
      'user_id',
      'data',
      'tx_id',
      'created_at',
    ])
    .where(
      sql<boolean>`(tx_id, id) > (${options.afterTxId}::xid8, ${options.afterEventId}::bigint)`,
    )
    .where(sql<boolean>`tx_id < pg_snapshot_xmin(pg_current_snapshot())`)
    .where('type', 'in', [...options.types])
    .orderBy('tx_id')
    .orderBy('id')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    txId: row.tx_id,
    type: row.type,
    companyId: row.company_id,
    jobId: row.job_id,
    applicationId: row.application_id,
    ...(row.application_ids ? { applicationIds: row.application_ids } : {}),
    userId: row.user_id,
    data: row.data,
    createdAt: row.created_at,
  })) as StoredEvent[];
}

export function advanceSubscription(
  db: Db,
  options: { name: string; afterTxId: string; afterEventId: string },
): Promise<unknown> {
  return db
    .updateTable('event_subscriptions')
    .set({
      after_tx_id: options.afterTxId,
      after_event_id: options.afterEventId,
      attempts: 0,
      retry_at: null,
      failing_since: null,
      last_error: null,
      updated_at: new Date(),
    })
    .where('name', '=', options.name)
    .execute();
}

/** Keeps the position and says when to try again; only this subscriber waits. */
export function recordSubscriberFailure(
  db: Db,
  options: { name: string; now: Date; retryAt: Date; error: string },
): Promise<unknown> {
  return db
    .updateTable('event_subscriptions')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      retry_at: options.retryAt,
      failing_since: eb.fn.coalesce('failing_since', eb.val(options.now)),
      last_error: options.error.slice(0, 2000),
      updated_at: options.now,
    }))
    .where('name', '=', options.name)
    .execute();
}
