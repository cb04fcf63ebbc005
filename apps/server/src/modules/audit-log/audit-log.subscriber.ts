import type { DomainEvent, DomainEventType } from '@candor/domain';
import type { InTransactionSubscriber } from '../../platform/events/subscribers';
import { SYSTEM_ACTOR } from '../../platform/http/request-origin';
import type { AuditInput } from './audit-log.repository';
import { recordAudit } from './audit-log.service';

type Audited =
  | 'reviewer.added'
  | 'reviewer.invited'
  | 'reviewer.removed'
  | 'application.deleted';
type Row = Omit<AuditInput, 'origin'>;

const reviewerRow = (
  event: DomainEvent<
    'reviewer.added' | 'reviewer.invited' | 'reviewer.removed'
  >,
): Row => ({
  action: event.type,
  target: { type: 'reviewer', id: null, label: event.data.name },
  details: { interview: event.data.title, job_id: event.jobId ?? null },
});

/** The domain events that are security-relevant acts, and the audit row of each. */
const ROW_OF: { [T in Audited]: (event: DomainEvent<T>) => Row } = {
  'reviewer.added': reviewerRow,
  'reviewer.invited': reviewerRow,
  'reviewer.removed': reviewerRow,
  // An erasure keeps no name (decision 072): the row names the interview only.
  'application.deleted': (event) => ({
    action: 'interviewee.erased',
    target: { type: 'job', id: event.jobId ?? null, label: event.data.job },
    details: {},
  }),
};

const isAudited = (event: DomainEvent): event is DomainEvent<Audited> =>
  Object.hasOwn(ROW_OF, event.type);

/**
 * The audit log's rows for acts that already have a domain event (decision 195): in the change's
 * transaction, with the request's origin that the change site put on the event. An event
 * emitted without one was not asked for by a request, so Candor itself is its actor.
 */
export const auditLogSubscriber: InTransactionSubscriber = {
  name: 'audit-log',
  delivery: 'in-transaction',
  events: Object.keys(ROW_OF) as DomainEventType[],
  async handle(db, event) {
    if (!isAudited(event)) return;
    const rowOf = ROW_OF[event.type] as (event: DomainEvent<Audited>) => Row;
    await recordAudit(db, {
      ...rowOf(event),
      companyId: event.companyId,
      origin: event.origin ?? {
        actor: SYSTEM_ACTOR,
        ip: null,
        userAgent: null,
      },
    });
  },
};
