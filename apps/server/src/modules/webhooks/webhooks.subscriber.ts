import type {
  DomainEvent,
  DomainEventType,
  WebhookEvent,
} from '@candor/domain';
import type { InTransactionSubscriber } from '../../platform/events/subscribers';
import { queueApplicationEvents, queueJobEvent } from './webhooks.repository';

/** The public events of an application's changes (issue 32), by the change. */
const APPLICATION_WEBHOOK: Partial<Record<DomainEventType, WebhookEvent>> = {
  'application.added': 'application.created',
  'applications.bulk_added': 'application.created',
  'application.applied': 'application.created',
  'application.invited': 'application.invited',
  'application.reinvited': 'application.invited',
  'applications.invited_all': 'application.invited',
  'application.email_undelivered': 'application.invitation_failed',
  'application.started': 'application.started',
  'application.responded': 'application.completed',
  'application.declined': 'application.declined',
  'application.review_completed': 'application.reviewed',
  'application.shortlist': 'application.shortlisted',
  'application.reject': 'application.rejected',
  'application.knockout_rejected': 'application.rejected',
  'application.text_delivered': 'sms.delivered',
  'application.text_failed': 'sms.failed',
};

const JOB_WEBHOOK: Partial<Record<DomainEventType, WebhookEvent>> = {
  'job.published': 'job.published',
  'job.archived': 'job.archived',
};

/**
 * Webhooks: each event an endpoint takes becomes one delivery per (application, endpoint) with
 * its payload as it was at the change (decision 151). In the change's transaction: it only
 * writes the deliveries, which are the outbox each endpoint is sent from in its own order, so
 * an endpoint that is down delays only itself.
 */
export const webhooksSubscriber: InTransactionSubscriber = {
  name: 'webhooks',
  delivery: 'in-transaction',
  events: [
    ...Object.keys(APPLICATION_WEBHOOK),
    ...Object.keys(JOB_WEBHOOK),
  ] as DomainEventType[],
  async handle(db, event) {
    const jobEvent = JOB_WEBHOOK[event.type];
    if (jobEvent && event.jobId != null) {
      await queueJobEvent(db, {
        companyId: event.companyId,
        event: jobEvent,
        jobId: event.jobId,
      });
      return;
    }
    const applicationEvent = APPLICATION_WEBHOOK[event.type];
    if (!applicationEvent || isLaterCompletion(event)) return;
    await queueApplicationEvents(db, {
      companyId: event.companyId,
      event: applicationEvent,
      applicationIds:
        event.applicationIds ??
        (event.applicationId != null ? [event.applicationId] : []),
    });
  },
};

/** The panel's first completed review is the applicant's; later ones send nothing more. */
function isLaterCompletion(event: DomainEvent): boolean {
  return (
    event.type === 'application.review_completed' && !event.data.first_of_panel
  );
}
