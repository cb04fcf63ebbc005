import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { leaseClaimSql, type LeaseClaim } from '../../db/lease-claim';
import { emit } from '../events/emit';

/** What the outbox keeps of one e-mail: rendered once, when its cause is committed. */
export type OutgoingEmail = {
  companyId: number | null;
  jobId?: number | null;
  applicationId?: number | null;
  /** invitation, extension, rejection, completion, message, questions… */
  kind: string;
  to: string;
  fromName: string;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
};

export type ClaimedEmail = {
  id: number;
  company_id: number | null;
  job_id: number | null;
  application_id: number | null;
  kind: string;
  to_email: string;
  from_name: string;
  reply_to: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
};

// Batched inserts are much faster than row by row; 500 rows keep each statement small.
const INSERT_CHUNK = 500;

/**
 * Adds e-mails to the outbox. Call it with the transaction of the change that causes them,
 * so an e-mail exists exactly when its change is committed.
 */
export async function enqueueEmails(
  db: Db,
  emails: OutgoingEmail[],
): Promise<void> {
  for (let start = 0; start < emails.length; start += INSERT_CHUNK) {
    await db
      .insertInto('outbox')
      .values(
        emails.slice(start, start + INSERT_CHUNK).map((email) => ({
          company_id: email.companyId,
          job_id: email.jobId ?? null,
          application_id: email.applicationId ?? null,
          kind: email.kind,
          to_email: email.to,
          from_name: email.fromName,
          reply_to: email.replyTo,
          subject: email.subject,
          html: email.html,
          text: email.text,
        })),
      )
      .execute();
  }
}

/** Claims due e-mails for the lease (decision 035); no transaction stays open while sending. */
export async function claimDueEmails(
  db: Db,
  options: LeaseClaim,
): Promise<ClaimedEmail[]> {
  const result = await leaseClaimSql(
    'outbox',
    'pending',
    options,
    sql`id, company_id, job_id, application_id, kind, to_email, from_name, reply_to, subject, html, text, attempts`,
  )
    .$castTo<ClaimedEmail>()
    .execute(db);
  return result.rows
    .map((row) => ({ ...row, id: Number(row.id) }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Right before sending: confirms this worker still holds the claim and stretches the lease.
 * False means the lease ran out and another worker took the row, so this one must not send it.
 */
export async function confirmClaim(
  db: Db,
  id: number,
  token: string,
  leaseSeconds: number,
): Promise<boolean> {
  const result = await sql`
    UPDATE outbox SET locked_until = now() + make_interval(secs => ${leaseSeconds})
    WHERE id = ${id} AND claim_token = ${token} AND status = 'pending'`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0) === 1;
}

export function markEmailSent(
  db: Db,
  id: number,
  token: string,
  messageId: string,
) {
  return db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: new Date(),
      message_id: messageId,
      locked_until: null,
      last_error: null,
    })
    .where('id', '=', String(id))
    .where('claim_token', '=', token)
    .execute();
}

export function retryEmailLater(
  db: Db,
  id: number,
  token: string,
  options: { error: string; at: Date },
) {
  return db
    .updateTable('outbox')
    .set({
      next_attempt_at: options.at,
      last_error: options.error,
      locked_until: null,
      claim_token: null,
    })
    .where('id', '=', String(id))
    .where('claim_token', '=', token)
    .execute();
}

/** Gives up on an e-mail; an undeliverable invitation marks its applicant invitation_failed. */
export async function markEmailFailed(
  db: Db,
  email: ClaimedEmail,
  token: string,
  error: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('outbox')
      .set({ status: 'failed', last_error: error, locked_until: null })
      .where('id', '=', String(email.id))
      .where('claim_token', '=', token)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1 || email.application_id === null)
      return;
    if (!INVITATION_KINDS.includes(email.kind)) return;
    await trx
      .updateTable('applications')
      .set({ invitation_failed: true, updated_at: new Date() })
      .where('id', '=', email.application_id)
      .execute();
    if (email.company_id !== null) {
      await emit(trx, {
        type: 'application.email_undelivered',
        companyId: email.company_id,
        jobId: email.job_id,
        applicationId: email.application_id,
        data: { to: email.to_email, reason: error },
      });
    }
  });
}

/** The e-mails that carry an interview invitation; their failure means 'Email undelivered'. */
export const INVITATION_KINDS = ['invitation', 'extension'];

/** Which of these outbox rows are the company's, leaving out the kinds given. */
export async function companyOutboxIds(
  db: Db,
  options: { companyId: number; ids: number[]; exceptKinds: readonly string[] },
): Promise<Set<number>> {
  if (options.ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('outbox')
    .select('id')
    .where('company_id', '=', options.companyId)
    .where('kind', 'not in', [...options.exceptKinds])
    .where('id', 'in', options.ids.map(String))
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}
