import type { Config } from '../../config';
import type { InTransactionSubscriber } from '../../platform/events/subscribers';
import { enqueueCompletionEmail } from './completion-email';

/**
 * The e-mails that follow a change rather than being it (decision 180): the candidate's
 * thank-you once their last answer arrives. In the change's transaction, as it only writes the
 * mail outbox, so the e-mail goes exactly when the finish commits. An invitation, a reminder or
 * a rejection the recruiter chose to send is the change itself and is queued where it is made.
 */
export function emailsSubscriber(
  config: Pick<Config, 'publicUrl'>,
): InTransactionSubscriber {
  return {
    name: 'emails',
    delivery: 'in-transaction',
    events: ['application.responded'],
    async handle(db, event) {
      if (event.applicationId)
        await enqueueCompletionEmail(db, config, event.applicationId);
    },
  };
}
