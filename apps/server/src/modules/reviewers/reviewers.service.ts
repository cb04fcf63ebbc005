import { createHash } from 'node:crypto';
import {
  changedFields,
  applyReviewerSettingsChange,
  REVIEWER_APPLICANTS,
  type Reviewer,
  type ReviewerCreate,
  type ReviewerUpdate,
} from '@candor/domain';
import type { Db } from '../../db/connection';
import type { Job } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../platform/http/errors';
import { emit } from '../../platform/events/emit';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { recordAudit } from '../audit-log/audit-log.service';
import {
  belongsWithCompany,
  deleteReviewer,
  filterJobApplicationIds,
  findJobReviewer,
  findReviewerOfJobByUser,
  findUserByEmail,
  insertReviewer,
  insertReviewerUser,
  listAssignments,
  listJobReviewers,
  replaceAssignments,
  updateReviewerSettings,
  type ReviewerRow,
} from './reviewers.repository';

export const INVITE_DAYS = 14;
export const hashInviteToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');

function toReviewer(row: ReviewerRow, assigned: number[]): Reviewer {
  const accepted = row.is_account_holder || row.account_status === 1;
  return {
    id: row.id,
    user: {
      id: accepted ? row.user_id : null,
      full_name: `${row.first_name} ${row.last_name}`.trim(),
    },
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    account_status: row.is_account_holder ? 1 : row.account_status,
    is_account_holder: row.is_account_holder,
    applicants: row.applicants,
    all_reviews: row.all_reviews,
    rating: row.rating,
    reminder_email: row.reminder_email,
    assigned_applications: assigned,
    invited_at: row.invited_at ? new Date(row.invited_at).toISOString() : null,
  };
}

export async function jobReviewers(db: Db, jobId: number): Promise<Reviewer[]> {
  const rows = await listJobReviewers(db, jobId);
  const assignments = await listAssignments(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toReviewer(
      row,
      assignments
        .filter((entry) => entry.reviewer_id === row.id)
        .map((entry) => entry.application_id),
    ),
  );
}

export async function jobReviewer(
  db: Db,
  options: { jobId: number; reviewerId: number },
): Promise<Reviewer> {
  const row = await findJobReviewer(db, options);
  if (!row) throw notFound('This reviewer');
  const assignments = await listAssignments(db, [row.id]);
  return toReviewer(
    row,
    assignments.map((entry) => entry.application_id),
  );
}

/**
 * Adds a reviewer by e-mail, creating their account (no password, no company) when new. The row
 * keeps the names typed here, and the reply is the same whether or not the address already had
 * an account: the person is active at once only if they already belong with the company (an
 * active member, or someone who accepted its invitation before); anyone else accepts first.
 */
export async function addReviewer(
  db: Db,
  options: {
    job: Job;
    actorId: number;
    input: ReviewerCreate;
    origin: RequestOrigin;
  },
): Promise<number> {
  const { job, input } = options;
  return db.transaction().execute(async (trx) => {
    let user = await findUserByEmail(trx, input.email);
    if (user?.is_system)
      throw fieldError('email', 'This address cannot review interviews.');
    user ??= await insertReviewerUser(trx, {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
    });
    if (
      await findReviewerOfJobByUser(trx, { jobId: job.id, userId: user.id })
    ) {
      throw new AppError(
        'conflict',
        `${input.email} already reviews this interview.`,
        {
          email: ['Already a reviewer of this interview'],
        },
      );
    }
    const accepted = await belongsWithCompany(trx, {
      userId: user.id,
      companyId: job.company_id,
    });
    const row = await insertReviewer(trx, {
      jobId: job.id,
      userId: user.id,
      firstName: input.first_name,
      lastName: input.last_name,
      accountStatus: accepted ? 1 : 0,
    });
    await emit(trx, {
      companyId: job.company_id,
      jobId: job.id,
      userId: options.actorId,
      origin: options.origin,
      type: 'reviewer.added',
      data: {
        name: `${input.first_name} ${input.last_name}`.trim(),
        title: job.title,
      },
    });
    return row.id;
  });
}

function refuseAccountHolder(
  row: ReviewerRow,
  what: 'edited' | 'removed',
): void {
  if (row.is_account_holder)
    throw new AppError('conflict', `The account holder cannot be ${what}.`);
}

export async function changeReviewer(
  db: Db,
  options: {
    job: Job;
    reviewerId: number;
    change: ReviewerUpdate;
    origin: RequestOrigin;
  },
): Promise<void> {
  const row = await findJobReviewer(db, {
    jobId: options.job.id,
    reviewerId: options.reviewerId,
  });
  if (!row) throw notFound('This reviewer');
  refuseAccountHolder(row, 'edited');
  const { assigned_applications: assigned, ...settings } = options.change;
  const before = {
    applicants: row.applicants,
    all_reviews: row.all_reviews,
    rating: row.rating,
    reminder_email: row.reminder_email,
  };
  const next = applyReviewerSettingsChange(before, settings);
  if (!next) {
    throw fieldError(
      'rating',
      'Shortlisting and rejecting can only be allowed to a reviewer who sees all interviewees and all reviews.',
    );
  }
  let assignedIds: number[] | undefined;
  if (assigned !== undefined) {
    const unique = [...new Set(assigned)];
    assignedIds = await filterJobApplicationIds(db, {
      jobId: options.job.id,
      applicationIds: unique,
    });
    if (assignedIds.length !== unique.length) {
      throw fieldError(
        'assigned_applications',
        'Some chosen interviewees are not part of this interview.',
      );
    }
  }
  await db.transaction().execute(async (trx) => {
    await updateReviewerSettings(trx, row.id, next);
    if (assignedIds !== undefined)
      await replaceAssignments(trx, {
        reviewerId: row.id,
        applicationIds: assignedIds,
      });
    // Assignments only matter for chosen interviewees; switching back to all clears them.
    if (next.applicants === REVIEWER_APPLICANTS.all)
      await replaceAssignments(trx, { reviewerId: row.id, applicationIds: [] });
    const details: Record<string, unknown> = changedFields(before, next);
    if (assignedIds !== undefined) details.assigned_applications = assignedIds;
    if (Object.keys(details).length === 0) return;
    await recordAudit(trx, {
      companyId: options.job.company_id,
      origin: options.origin,
      action: 'reviewer.permissions_changed',
      target: {
        type: 'reviewer',
        id: row.id,
        label: `${row.first_name} ${row.last_name}`.trim(),
      },
      details: { interview: options.job.title, ...details },
    });
  });
}

export async function removeReviewer(
  db: Db,
  options: {
    job: Job;
    actorId: number;
    reviewerId: number;
    origin: RequestOrigin;
  },
): Promise<void> {
  const row = await findJobReviewer(db, {
    jobId: options.job.id,
    reviewerId: options.reviewerId,
  });
  if (!row) throw notFound('This reviewer');
  refuseAccountHolder(row, 'removed');
  await db.transaction().execute(async (trx) => {
    await deleteReviewer(trx, row.id);
    await emit(trx, {
      companyId: options.job.company_id,
      jobId: options.job.id,
      userId: options.actorId,
      origin: options.origin,
      type: 'reviewer.removed',
      data: {
        name: `${row.first_name} ${row.last_name}`.trim(),
        title: options.job.title,
      },
    });
  });
}
