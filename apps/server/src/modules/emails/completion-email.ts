import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import { findCompletionRecipient } from './emails.repository';
import { composeApplicantEmail, loadJobEmailContext } from './emails.service';

/**
 * Queues the completion e-mail (the company's template, with [FEEDBACK LINK]) for an
 * interviewee who has just finished. Call it inside the transaction that records the finish.
 */
export async function enqueueCompletionEmail(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  applicationId: number,
): Promise<void> {
  const app = await findCompletionRecipient(db, applicationId);
  const context = await loadJobEmailContext(
    db,
    config,
    app.job_id,
    'completion',
  );
  await enqueueEmails(db, [
    composeApplicantEmail(context, app, {
      kind: 'completion',
      mergeType: 'completion',
      withInterviewLink: false,
    }),
  ]);
}
