import type { Db } from '../../db/connection';
import type { Application } from '../../db/schema';
import {
  canSeeAllReviews,
  canSeeApplication,
  canSeeOthersJudgements,
  hidesOthersUntilRated,
  type JobAccess,
} from '../../platform/access/job-access';
import { AppError, notFound } from '../../platform/http/errors';
import { findJobApplication, hasRatedApplication } from './reviews.repository';

export type ReviewContext = { access: JobAccess; application: Application };

/**
 * One applicant of the job the route's access rule opened that the caller may review. An
 * applicant of another job, or one a reviewer is not assigned to, looks exactly like a missing
 * one.
 */
export async function requireReviewableApplication(
  db: Db,
  access: JobAccess,
  applicationId: number,
): Promise<ReviewContext> {
  const application = await findJobApplication(db, {
    jobId: access.job.id,
    applicationId,
  });
  if (!application || !canSeeApplication(access, application.id))
    throw notFound('This interviewee');
  return { access, application };
}

/**
 * The user whose reviews and comments of one applicant the caller may read: null means
 * everyone's. A job that hides scores until you rate asks whether the caller has (decision 132).
 */
export async function visibleAuthor(
  db: Db,
  access: JobAccess,
  applicationId: number,
): Promise<number | null> {
  if (!canSeeAllReviews(access)) return access.userId;
  if (!hidesOthersUntilRated(access, false)) return null;
  const hasRated = await hasRatedApplication(db, {
    applicationId,
    userId: access.userId,
  });
  return canSeeOthersJudgements(access, hasRated) ? null : access.userId;
}

/** The interface sends `user` (or `reviewer`) along; it can only ever be the caller. */
export function assertActingAsSelf(
  access: JobAccess,
  claimed: number | undefined,
): void {
  if (claimed !== undefined && claimed !== access.userId) {
    throw new AppError(
      'forbidden',
      'You can only write your own reviews and comments.',
    );
  }
}

export function assertOwnRecord(access: JobAccess, ownerId: number): void {
  if (ownerId !== access.userId) {
    throw new AppError(
      'forbidden',
      'You can only change your own reviews and comments.',
    );
  }
}
