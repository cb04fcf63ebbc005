import { sql } from 'kysely';
import type { Db } from '../../db/connection';

const reviewerColumns = [
  'reviewers.id',
  'reviewers.job_id',
  'reviewers.user_id',
  'reviewers.account_status',
  'reviewers.is_account_holder',
  'reviewers.applicants',
  'reviewers.all_reviews',
  'reviewers.rating',
  'reviewers.reminder_email',
  'reviewers.invited_at',
  'users.first_name',
  'users.last_name',
  'users.email',
] as const;

export function listJobReviewers(db: Db, jobId: number) {
  return db
    .selectFrom('reviewers')
    .innerJoin('users', 'users.id', 'reviewers.user_id')
    .select(reviewerColumns)
    .where('reviewers.job_id', '=', jobId)
    .orderBy('reviewers.is_account_holder', 'desc')
    .orderBy('reviewers.id')
    .execute();
}
export type ReviewerRow = Awaited<ReturnType<typeof listJobReviewers>>[number];

export function findJobReviewer(
  db: Db,
  options: { jobId: number; reviewerId: number },
) {
  return db
    .selectFrom('reviewers')
    .innerJoin('users', 'users.id', 'reviewers.user_id')
    .select(reviewerColumns)
    .where('reviewers.job_id', '=', options.jobId)
    .where('reviewers.id', '=', options.reviewerId)
    .executeTakeFirst();
}

export async function listAssignments(db: Db, reviewerIds: readonly number[]) {
  if (reviewerIds.length === 0) return [];
  return db
    .selectFrom('reviewer_assignments')
    .select(['reviewer_id', 'application_id'])
    .where('reviewer_id', 'in', [...reviewerIds])
    .orderBy('application_id')
    .execute();
}

export async function replaceAssignments(
  db: Db,
  options: { reviewerId: number; applicationIds: readonly number[] },
) {
  await db
    .deleteFrom('reviewer_assignments')
    .where('reviewer_id', '=', options.reviewerId)
    .execute();
  if (options.applicationIds.length === 0) return;
  await db
    .insertInto('reviewer_assignments')
    .values(
      options.applicationIds.map((applicationId) => ({
        reviewer_id: options.reviewerId,
        application_id: applicationId,
      })),
    )
    .execute();
}

export async function filterJobApplicationIds(
  db: Db,
  options: { jobId: number; applicationIds: readonly number[] },
) {
  if (options.applicationIds.length === 0) return [];
  const rows = await db
    .selectFrom('applications')
    .select('id')
    .where('job_id', '=', options.jobId)
    .where('id', 'in', [...options.applicationIds])
    .execute();
  return rows.map((row) => row.id);
}

export function updateReviewerSettings(
  db: Db,
  reviewerId: number,
  values: {
    applicants: number;
    all_reviews: boolean;
    rating: number;
    reminder_email: boolean;
  },
) {
  return db
    .updateTable('reviewers')
    .set(values)
    .where('id', '=', reviewerId)
    .execute();
}

export function deleteReviewer(db: Db, reviewerId: number) {
  return db.deleteFrom('reviewers').where('id', '=', reviewerId).execute();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** A reviewer without a company and without a password: they choose one from the invite link. */
export function insertReviewerUser(
  db: Db,
  values: { email: string; firstName: string; lastName: string },
) {
  return db
    .insertInto('users')
    .values({
      email: values.email,
      first_name: values.firstName,
      last_name: values.lastName,
      password_hash: null,
      sso_provider: null,
      current_company_id: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertReviewer(
  db: Db,
  values: { jobId: number; userId: number; accountStatus: number },
) {
  return db
    .insertInto('reviewers')
    .values({
      job_id: values.jobId,
      user_id: values.userId,
      account_status: values.accountStatus,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function findReviewerOfJobByUser(
  db: Db,
  options: { jobId: number; userId: number },
) {
  return db
    .selectFrom('reviewers')
    .select('id')
    .where('job_id', '=', options.jobId)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
}

/** People who review any of the company's jobs, once each. */
export function listCompanyReviewers(
  db: Db,
  options: {
    companyId: number;
    notJob?: number | undefined;
    firstName?: string | undefined;
    lastName?: string | undefined;
    email?: string | undefined;
  },
) {
  let query = db
    .selectFrom('users')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.is_system',
      sql<boolean>`users.password_hash IS NOT NULL`.as('has_password'),
    ])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('reviewers')
          .innerJoin('jobs', 'jobs.id', 'reviewers.job_id')
          .select('reviewers.id')
          .whereRef('reviewers.user_id', '=', 'users.id')
          .where('jobs.company_id', '=', options.companyId),
      ),
    );
  if (options.notJob !== undefined) {
    const notJob = options.notJob;
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('reviewers')
            .select('reviewers.id')
            .whereRef('reviewers.user_id', '=', 'users.id')
            .where('reviewers.job_id', '=', notJob),
        ),
      ),
    );
  }
  const contains = (value: string) =>
    `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  if (options.firstName)
    query = query.where(
      'users.first_name',
      'ilike',
      contains(options.firstName),
    );
  if (options.lastName)
    query = query.where('users.last_name', 'ilike', contains(options.lastName));
  if (options.email)
    query = query.where('users.email', 'ilike', contains(options.email));
  return query
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('users.id');
}

// Invitation links.
export function insertInvite(
  db: Db,
  values: {
    tokenHash: string;
    reviewerId: number;
    userId: number;
    expiresAt: Date;
  },
) {
  return db
    .insertInto('reviewer_invites')
    .values({
      token_hash: values.tokenHash,
      reviewer_id: values.reviewerId,
      user_id: values.userId,
      expires_at: values.expiresAt,
    })
    .execute();
}

export function findLiveInvite(db: Db, tokenHash: string) {
  return db
    .selectFrom('reviewer_invites')
    .innerJoin('users', 'users.id', 'reviewer_invites.user_id')
    .innerJoin('reviewers', 'reviewers.id', 'reviewer_invites.reviewer_id')
    .innerJoin('jobs', 'jobs.id', 'reviewers.job_id')
    .innerJoin('companies', 'companies.id', 'jobs.company_id')
    .select([
      'reviewer_invites.token_hash',
      'reviewer_invites.user_id',
      'users.email',
      'users.first_name',
      'users.password_hash',
      'jobs.title as job_title',
      'companies.name as company_name',
    ])
    .where('reviewer_invites.token_hash', '=', tokenHash)
    .where('reviewer_invites.used_at', 'is', null)
    .where('reviewer_invites.expires_at', '>', new Date())
    .executeTakeFirst();
}

export function markInviteUsed(db: Db, tokenHash: string) {
  return db
    .updateTable('reviewer_invites')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function activateReviewerUser(
  db: Db,
  options: { userId: number; passwordHash: string },
) {
  await db
    .updateTable('users')
    .set({ password_hash: options.passwordHash })
    .where('id', '=', options.userId)
    .execute();
  await db
    .updateTable('reviewers')
    .set({ account_status: 1 })
    .where('user_id', '=', options.userId)
    .execute();
}

export function markReviewerInvited(db: Db, reviewerId: number) {
  return db
    .updateTable('reviewers')
    .set({ invited_at: new Date() })
    .where('id', '=', reviewerId)
    .execute();
}
