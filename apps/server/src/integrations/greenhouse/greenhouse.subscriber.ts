import type { DomainEventType } from '@candor/domain';
import type { InTransactionSubscriber } from '../../platform/events/subscribers';
import { queueCallback } from '../shared/integration-callbacks.repository';
import { findCallbackTarget } from './greenhouse.repository';

/**
 * Greenhouse's PATCH (its "Mark Test as Completed"): queued in the change's transaction when
 * the interviewee submits, and again when the panel's first review completes if the company
 * sends ratings back, so Greenhouse reads test_status at once instead of waiting for its hourly
 * poll. Sent by the integration callback poller, retried like webhooks.
 */
export const greenhouseSubscriber: InTransactionSubscriber = {
  name: 'greenhouse',
  delivery: 'in-transaction',
  events: [
    'application.responded',
    'application.review_completed',
  ] as DomainEventType[],
  async handle(db, event) {
    if (event.applicationId == null) return;
    if (
      event.type === 'application.review_completed' &&
      !event.data.first_of_panel
    )
      return;
    const target = await findCallbackTarget(db, event.applicationId);
    if (!target?.callback_url) return;
    if (event.type === 'application.review_completed' && !target.send_ratings)
      return;
    await queueCallback(db, {
      keyId: target.key_id,
      companyId: target.company_id,
      applicationId: event.applicationId,
      method: 'PATCH',
      url: target.callback_url,
      // Greenhouse needs no body; the id and the status tell a reader of its logs which test.
      payload: JSON.stringify({
        partner_interview_id: target.partner_interview_id,
        partner_status: 'complete',
      }),
    });
  },
};
