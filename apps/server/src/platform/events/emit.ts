import { DOMAIN_EVENT_DATA, type DomainEvent } from '@candor/domain';
import type { Db } from '../../db/connection';
import { insertEvent } from './events.repository';
import { inTransactionSubscribersOf } from './subscribers';

/**
 * Records one change: call it with the change's transaction, once per change (decision 176).
 * The event is kept for the after-commit subscribers, and the in-transaction ones run now, so
 * their writes commit or roll back with the change.
 */
export async function emit(db: Db, event: DomainEvent): Promise<void> {
  const subscribers = inTransactionSubscribersOf(event.type);
  // Kept for replay by subscribers not written yet: the data must be what the catalogue says.
  DOMAIN_EVENT_DATA[event.type].parse(event.data);
  await insertEvent(db, event);
  for (const subscriber of subscribers) await subscriber.handle(db, event);
}
