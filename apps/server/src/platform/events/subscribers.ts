import type { DomainEvent, DomainEventType } from '@candor/domain';
import type { Db } from '../../db/connection';

/** An event as the stream keeps it: its place in the stream and when it happened. */
export type StoredEvent = DomainEvent & {
  id: string;
  txId: string;
  createdAt: Date;
};

/**
 * A consumer of the stream (decision 176). `in-transaction` runs inside the change's own
 * transaction, for what a page must show at once and what is only a write to the subscriber's
 * own outbox (the activity line, the webhook deliveries); `after-commit` runs in the worker from
 * its own position, retried with back-off, for what calls outside or may be slow. Each handles
 * an event at least once: the same event again must change nothing more.
 */
export type Subscriber =
  | {
      name: string;
      events: readonly DomainEventType[];
      delivery: 'in-transaction';
      handle(db: Db, event: DomainEvent): Promise<void>;
    }
  | {
      name: string;
      events: readonly DomainEventType[];
      delivery: 'after-commit';
      /** Where a new subscriber begins: every event kept, or the first after it starts. */
      startFrom: 'beginning' | 'now';
      handle(db: Db, event: StoredEvent): Promise<void>;
    };

export type InTransactionSubscriber = Extract<
  Subscriber,
  { delivery: 'in-transaction' }
>;
export type AfterCommitSubscriber = Extract<
  Subscriber,
  { delivery: 'after-commit' }
>;

type Registry = {
  byType: ReadonlyMap<DomainEventType, InTransactionSubscriber[]> | null;
};
// On globalThis under a registered symbol: a second copy of this module (test files that load
// modules afresh, decision 168) must see the list that the process's start set.
const registry = ((globalThis as Record<symbol, Registry | undefined>)[
  Symbol.for('candor.inTransactionSubscribers')
] ??= { byType: null });

/**
 * Sets the in-transaction subscribers, once per process at start (createAppContext): `emit`
 * runs them. They are code, not state, so every process that emits sets the same list.
 */
export function useInTransactionSubscribers(
  subscribers: readonly InTransactionSubscriber[],
): void {
  const byType = new Map<DomainEventType, InTransactionSubscriber[]>();
  for (const subscriber of subscribers)
    for (const type of subscriber.events)
      byType.set(type, [...(byType.get(type) ?? []), subscriber]);
  registry.byType = byType;
}

export function inTransactionSubscribersOf(
  type: DomainEventType,
): readonly InTransactionSubscriber[] {
  // A process that emits without its subscribers would lose activity lines and webhooks
  // silently; failing the change is the safer mistake.
  if (!registry.byType)
    throw new Error(
      'No event subscribers: call useInTransactionSubscribers at start (src/event-subscribers.ts).',
    );
  return registry.byType.get(type) ?? [];
}
