import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import { findCompletionRecipient } from './emails.repository';
import { composeApplicantEmail, loadJobEmailContext } from './emails.service';

/**
 * Queues an e-mail that follows the interviewee's finish, in the transaction that records it:
 * the completion e-mail (the company's template, with [FEEDBACK LINK]), or the rejection e-mail
 * of an interview that rejects on a knockout answer and e-mails it (decision 192).
 */
export async function enqueueFinishEmail(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  options: { applicationId: number; type: 'completion' | 'rejection' },
): Promise<void> {
  const app = await findCompletionRecipient(db, options.applicationId);
  const context = await loadJobEmailContext(
    db,
    config,
    app.job_id,
    options.type,
  );
  await enqueueEmails(db, [
    composeApplicantEmail(context, app, {
      kind: options.type,
      mergeType: options.type,
      withInterviewLink: false,
    }),
  ]);
}
