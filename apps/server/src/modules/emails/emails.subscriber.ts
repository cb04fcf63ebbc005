import type { Config } from '../../config';
import type { InTransactionSubscriber } from '../../platform/events/subscribers';
import { enqueueFinishEmail } from './completion-email';

/**
 * The e-mails that follow a change rather than being it (decision 180): the candidate's
 * thank-you once their last answer arrives, and the rejection e-mail of an interview that
 * rejects on a knockout answer and says to e-mail it. In the change's transaction, as it only writes the
 * mail outbox, so the e-mail goes exactly when the finish commits. An invitation, a reminder or
 * a rejection the recruiter chose to send is the change itself and is queued where it is made.
 */
export function emailsSubscriber(
  config: Pick<Config, 'publicUrl'>,
): InTransactionSubscriber {
  return {
    name: 'emails',
    delivery: 'in-transaction',
    events: ['application.responded', 'application.knockout_rejected'],
    async handle(db, event) {
      const { applicationId } = event;
      if (!applicationId) return;
      if (event.type === 'application.responded')
        await enqueueFinishEmail(db, config, {
          applicationId,
          type: 'completion',
        });
      else if (
        event.type === 'application.knockout_rejected' &&
        event.data.email
      )
        await enqueueFinishEmail(db, config, {
          applicationId,
          type: 'rejection',
        });
    },
  };
}
