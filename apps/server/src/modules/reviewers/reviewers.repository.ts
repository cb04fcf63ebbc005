import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/schema';
import { OPEN_FOR_REVIEW_SQL } from '../../db/applicant-stage-sql';

type PanelScope = ExpressionBuilder<Database, 'reviewers' | 'users' | 'jobs'>;

/** An active member of the job's company: one of the company's own people. */
const isActiveMember = (eb: PanelScope) =>
  eb.exists(
    eb
      .selectFrom('memberships')
      .select('memberships.user_id')
      .whereRef('memberships.user_id', '=', 'reviewers.user_id')
      .whereRef('memberships.company_id', '=', 'jobs.company_id')
      .where('memberships.status', '=', 'active'),
  );

/**
 * The name the company gave the reviewer. A row without one (the account holder's, made with
 * the job) takes the account's own only for the company's own people: a company never reads
 * the name someone outside it chose (decision 120).
 */
function shownName(
  eb: PanelScope,
  column: 'first_name' | 'last_name',
): RawBuilder<string> {
  const own = eb.or([
    eb('reviewers.is_account_holder', '=', true),
    isActiveMember(eb),
  ]);
  return sql<string>`CASE WHEN reviewers.first_name = '' AND reviewers.last_name = '' AND ${own}
    THEN ${sql.ref(`users.${column}`)} ELSE ${sql.ref(`reviewers.${column}`)} END`;
}

/** The address as the account has it once accepted; before, lowercased like every address typed. */
const shownEmail = sql<string>`CASE WHEN reviewers.account_status = 1 OR reviewers.is_account_holder
  THEN users.email ELSE lower(users.email) END`;

function fromPanel(db: Db) {
  return db
    .selectFrom('reviewers')
    .innerJoin('users', 'users.id', 'reviewers.user_id')
    .innerJoin('jobs', 'jobs.id', 'reviewers.job_id')
    .select((eb) => [
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
      shownName(eb, 'first_name').as('first_name'),
      shownName(eb, 'last_name').as('last_name'),
      shownEmail.as('email'),
    ]);
}

export function listJobReviewers(db: Db, jobId: number) {
  return fromPanel(db)
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
  return fromPanel(db)
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
  values: {
    jobId: number;
    userId: number;
    firstName: string;
    lastName: string;
    accountStatus: number;
  },
) {
  return db
    .insertInto('reviewers')
    .values({
      job_id: values.jobId,
      user_id: values.userId,
      first_name: values.firstName,
      last_name: values.lastName,
      account_status: values.accountStatus,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * Whether the person already belongs with the company as a reviewer: an active member of it,
 * or someone who accepted one of its reviewer invitations. Only then is a new row active at once.
 */
export async function belongsWithCompany(
  db: Db,
  options: { userId: number; companyId: number },
): Promise<boolean> {
  const found = await db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('memberships')
              .select('memberships.user_id')
              .where('memberships.user_id', '=', options.userId)
              .where('memberships.company_id', '=', options.companyId)
              .where('memberships.status', '=', 'active'),
          ),
          eb.exists(
            eb
              .selectFrom('reviewers')
              .innerJoin('jobs', 'jobs.id', 'reviewers.job_id')
              .select('reviewers.id')
              .where('reviewers.user_id', '=', options.userId)
              .where('jobs.company_id', '=', options.companyId)
              .where('reviewers.account_status', '=', 1)
              .where('reviewers.is_account_holder', '=', false),
          ),
        ])
        .as('accepted'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(found.accepted);
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

/**
 * People who review any of the company's jobs, once each, as the company knows them: the names
 * of their latest named row, accepted when any of their rows is. `notJob` leaves out the
 * reviewers of one of the company's jobs; any other id leaves out nobody, so the list never
 * tells what another company's job holds (decision 120).
 */
function companyReviewersQuery(
  db: Db,
  options: {
    companyId: number;
    notJob?: number | undefined;
    firstName?: string | undefined;
    lastName?: string | undefined;
    email?: string | undefined;
  },
) {
  const { companyId } = options;
  const people = fromPanel(db)
    .where('jobs.company_id', '=', companyId)
    .distinctOn('reviewers.user_id')
    .select([
      'users.is_system',
      sql<number>`max(reviewers.account_status) OVER (PARTITION BY reviewers.user_id)`.as(
        'accepted',
      ),
      sql<boolean>`bool_or(reviewers.is_account_holder) OVER (PARTITION BY reviewers.user_id)`.as(
        'holds_account',
      ),
    ])
    .orderBy('reviewers.user_id')
    .orderBy(sql`reviewers.first_name = '' AND reviewers.last_name = ''`)
    .orderBy('reviewers.id', 'desc');
  let query = db.selectFrom(people.as('people')).selectAll('people');
  if (options.notJob !== undefined) {
    const notJob = options.notJob;
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('reviewers')
            .innerJoin('jobs', 'jobs.id', 'reviewers.job_id')
            .select('reviewers.id')
            .whereRef('reviewers.user_id', '=', 'people.user_id')
            .where('reviewers.job_id', '=', notJob)
            .where('jobs.company_id', '=', companyId),
        ),
      ),
    );
  }
  const contains = (value: string) =>
    `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  if (options.firstName)
    query = query.where(
      'people.first_name',
      'ilike',
      contains(options.firstName),
    );
  if (options.lastName)
    query = query.where(
      'people.last_name',
      'ilike',
      contains(options.lastName),
    );
  if (options.email)
    query = query.where('people.email', 'ilike', contains(options.email));
  return query
    .orderBy('people.first_name')
    .orderBy('people.last_name')
    .orderBy('people.user_id');
}

/** One page of `companyReviewersQuery`, and how many match in all. */
export async function listCompanyReviewers(
  db: Db,
  options: Parameters<typeof companyReviewersQuery>[1] & {
    page: number;
    pageSize: number;
  },
) {
  const query = companyReviewersQuery(db, options);
  const [rows, counted] = await Promise.all([
    query
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    db
      .selectFrom(query.as('matches'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(counted.count) };
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
      'users.password_hash',
      'users.sso_provider',
      'reviewers.first_name',
      'reviewers.last_name',
      'reviewers.job_id',
      'jobs.title as job_title',
      'jobs.company_id',
      'companies.name as company_name',
    ])
    .where('reviewer_invites.token_hash', '=', tokenHash)
    .where('reviewer_invites.used_at', 'is', null)
    .where('reviewer_invites.expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Uses the link up: one conditional UPDATE, so two submissions cannot both accept it. */
export async function claimInvite(db: Db, tokenHash: string): Promise<boolean> {
  const claimed = await db
    .updateTable('reviewer_invites')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** The first password of an account made by an invitation; never replaces one. */
export async function setFirstPassword(
  db: Db,
  options: { userId: number; passwordHash: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ password_hash: options.passwordHash })
    .where('id', '=', options.userId)
    .where('password_hash', 'is', null)
    .where('sso_provider', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Accepting one company's invitation opens that company's jobs to the person, no other's. */
export function activateCompanyReviewer(
  db: Db,
  options: { userId: number; companyId: number },
) {
  return db
    .updateTable('reviewers')
    .set({ account_status: 1 })
    .where('user_id', '=', options.userId)
    .where('job_id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('jobs.id')
        .where('jobs.company_id', '=', options.companyId),
    )
    .execute();
}

export function markReviewerInvited(db: Db, reviewerId: number) {
  return db
    .updateTable('reviewers')
    .set({ invited_at: new Date() })
    .where('id', '=', reviewerId)
    .execute();
}

/** What the invitation e-mail shows of the company. */
export function findInvitingCompany(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['name', 'shortname', 'logo_key', 'logo_updated_at'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
}

export function findInvitedUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['email', 'password_hash', 'sso_provider', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export type DueReminder = {
  reviewer_id: number;
  job_id: number;
  company_id: number;
  job_title: string;
  company_name: string;
  email: string;
  first_name: string;
  /** The reviewer's own language: the reminder is written in it. */
  locale: string;
  waiting: number;
};

/**
 * Claims reviewers who asked for reminders and have interviewees waiting for their review (their
 * own 'To review': in review, not completed by them; decision 133), marking them reminded in
 * the same statement.
 */
export function claimDueReminders(
  db: Db,
  options: { intervalHours: number; limit: number },
): Promise<DueReminder[]> {
  return sql<DueReminder>`
    WITH waiting AS (
      SELECT r.id AS reviewer_id, count(*)::int AS waiting
      FROM reviewers r
      JOIN jobs j ON j.id = r.job_id AND j.status = 'Published'
      JOIN applications a ON a.job_id = j.id
      WHERE r.reminder_email AND r.account_status = 1 AND NOT r.is_account_holder
        AND (r.reminded_at IS NULL OR r.reminded_at < now() - make_interval(hours => ${options.intervalHours}))
        AND ${OPEN_FOR_REVIEW_SQL}
        AND (r.applicants <> 4 OR EXISTS (
          SELECT 1 FROM reviewer_assignments ra WHERE ra.reviewer_id = r.id AND ra.application_id = a.id))
        AND NOT EXISTS (SELECT 1 FROM review_completions rc
          WHERE rc.application_id = a.id AND rc.user_id = r.user_id)
      GROUP BY r.id
      LIMIT ${options.limit}
    ),
    claimed AS (
      UPDATE reviewers SET reminded_at = now()
      WHERE id IN (SELECT reviewer_id FROM waiting)
      RETURNING id, job_id, user_id
    )
    SELECT claimed.id AS reviewer_id, j.id AS job_id, j.company_id, j.title AS job_title,
      c.name AS company_name, u.email, u.first_name, u.locale, waiting.waiting
    FROM claimed
    JOIN waiting ON waiting.reviewer_id = claimed.id
    JOIN jobs j ON j.id = claimed.job_id
    JOIN companies c ON c.id = j.company_id
    JOIN users u ON u.id = claimed.user_id
  `
    .execute(db)
    .then((result) => result.rows);
}
