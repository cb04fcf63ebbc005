import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { STAGE_SQL } from '../../db/applicant-stage-sql';
import type { EmailRecipient } from '../emails/emails.service';

/**
 * Marks every not-yet-invited applicant of the job invited (archived ones left out) and
 * returns them, in one statement, so invite-all to thousands is one round trip.
 */
export async function markToInviteInvited(
  db: Db,
  jobId: number,
  options: { now: Date; deadline: Date | null },
): Promise<EmailRecipient[]> {
  const result = await sql<EmailRecipient>`
    UPDATE applications AS a
    SET invited_at = ${options.now}, deadline = ${options.deadline}, invitation_failed = false, updated_at = ${options.now}
    WHERE a.job_id = ${jobId} AND NOT a.archived AND ${STAGE_SQL} = 'ToInvite'
    RETURNING a.id, a.first_name, a.last_name, a.email, a.deadline, a.shortcode, a.token`.execute(
    db,
  );
  return result.rows;
}

/**
 * Gives awaiting applicants (not withdrawn, not archived) a later deadline and returns them.
 * `include` is 'expired', 'all' or a list of ids; nobody's deadline moves earlier.
 */
export async function extendAwaitingDeadlines(
  db: Db,
  jobId: number,
  options: { now: Date; deadline: Date; include: 'expired' | 'all' | number[] },
): Promise<EmailRecipient[]> {
  const { include } = options;
  const which =
    include === 'all'
      ? sql`true`
      : include === 'expired'
        ? sql`(a.deadline IS NOT NULL AND a.deadline < ${options.now})`
        : include.length === 0
          ? sql`false`
          : sql`a.id IN (${sql.join(include)})`;
  const result = await sql<EmailRecipient>`
    UPDATE applications AS a
    SET deadline = ${options.deadline}, updated_at = ${options.now}
    WHERE a.job_id = ${jobId} AND NOT a.archived AND a.declined_at IS NULL
      AND ${STAGE_SQL} = 'AwaitingResponse'
      AND (a.deadline IS NULL OR a.deadline < ${options.deadline})
      AND ${which}
    RETURNING a.id, a.first_name, a.last_name, a.email, a.deadline, a.shortcode, a.token`.execute(
    db,
  );
  return result.rows;
}

export async function countAwaiting(
  db: Db,
  jobId: number,
  include: 'expired' | 'all' | number[],
  now: Date,
): Promise<number> {
  const which =
    include === 'all'
      ? sql`true`
      : include === 'expired'
        ? sql`(a.deadline IS NOT NULL AND a.deadline < ${now})`
        : include.length === 0
          ? sql`false`
          : sql`a.id IN (${sql.join(include)})`;
  const result = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM applications a
    WHERE a.job_id = ${jobId} AND NOT a.archived AND a.declined_at IS NULL
      AND ${STAGE_SQL} = 'AwaitingResponse' AND ${which}`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/** A person of the company or a reviewer of the job with this address (lower case). */
export function findPreviewRecipient(
  db: Db,
  options: { email: string; companyId: number; jobId: number },
) {
  return db
    .selectFrom('users')
    .select('users.id')
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', options.email))
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('memberships')
            .select('user_id')
            .whereRef('memberships.user_id', '=', 'users.id')
            .where('memberships.company_id', '=', options.companyId)
            .where('memberships.status', '=', 'active'),
        ),
        eb.exists(
          eb
            .selectFrom('reviewers')
            .select('user_id')
            .whereRef('reviewers.user_id', '=', 'users.id')
            .where('reviewers.job_id', '=', options.jobId),
        ),
      ]),
    )
    .executeTakeFirst();
}

export function listPreviewQuestions(db: Db, jobId: number) {
  return db
    .selectFrom('questions')
    .select(['text', 'thinking_time', 'time_limit'])
    .where('job_id', '=', jobId)
    .orderBy('order')
    .orderBy('id')
    .execute();
}
