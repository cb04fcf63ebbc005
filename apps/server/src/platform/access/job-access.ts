import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { Job, ReviewersTable } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import { AppError, notFound } from '../http/errors';
import {
  findAcceptedReviewer,
  findJobWithQuestionCount,
  listAssignedApplicationIds,
} from './job-access.repository';
import {
  REVIEWER_APPLICANTS,
  isHiddenUntilRated,
  seesOthersJudgements,
  type JobFacts,
} from '@candor/domain';

export type Reviewer = Selectable<ReviewersTable>;

/**
 * Who the caller is for one job: a user of the job's company (everything), or a reviewer
 * with the job's reviewer settings. Nobody else learns the job exists. `facts` are what the
 * stage and action rules need of the job, read with it so no request asks for them again.
 */
export type JobAccess =
  | { kind: 'company'; job: Job; facts: JobFacts; userId: number }
  | {
      kind: 'reviewer';
      job: Job;
      facts: JobFacts;
      userId: number;
      reviewer: Reviewer;
      assignedApplicationIds: number[] | null;
    };

export async function findJobAccess(
  db: Db,
  user: SessionUser,
  jobId: number,
): Promise<JobAccess | null> {
  const found = await findJobWithQuestionCount(db, jobId);
  if (!found) return null;
  const { question_count, ...job } = found;
  const facts: JobFacts = {
    rating_style: job.rating_style,
    sjt_assessment: job.sjt_assessment,
    question_count: Number(question_count ?? 0),
  };
  if (
    user.current_company_id !== null &&
    job.company_id === user.current_company_id
  ) {
    return { kind: 'company', job, facts, userId: user.id };
  }
  // A reviewer row opens the job only once its person accepted this company's invitation
  // (decision 120): another company adding the address, or its link setting the password,
  // grants nothing here.
  const reviewer = await findAcceptedReviewer(db, { jobId, userId: user.id });
  if (!reviewer) return null;
  let assignedApplicationIds: number[] | null = null;
  if (reviewer.applicants === REVIEWER_APPLICANTS.chosen) {
    assignedApplicationIds = await listAssignedApplicationIds(db, reviewer.id);
  }
  return {
    kind: 'reviewer',
    job,
    facts,
    userId: user.id,
    reviewer,
    assignedApplicationIds,
  };
}

/** `manage` is for company users only; `review` also admits the job's reviewers. */
export async function requireJobAccess(
  db: Db,
  user: SessionUser,
  jobId: number,
  need: 'manage' | 'review',
): Promise<JobAccess> {
  const access = await findJobAccess(db, user, jobId);
  if (!access) throw notFound('This interview');
  if (need === 'manage' && access.kind !== 'company') {
    throw new AppError('forbidden', 'Only company users can do this.');
  }
  return access;
}

/** Whether the caller may see one applicant of the job. */
export function canSeeApplication(
  access: JobAccess,
  applicationId: number,
): boolean {
  if (access.kind === 'company' || access.assignedApplicationIds === null)
    return true;
  return access.assignedApplicationIds.includes(applicationId);
}

/** Shortlist and reject: company users, or reviewers whose rating permission is 1. */
export function canDecide(access: JobAccess): boolean {
  return access.kind === 'company' || access.reviewer.rating === 1;
}

/** Others' reviews and comments: company users, or reviewers with all_reviews on. */
export function canSeeAllReviews(access: JobAccess): boolean {
  return access.kind === 'company' || access.reviewer.all_reviews;
}

/**
 * Whether the job holds back everyone else's judgement of one interviewee from this caller
 * until they rated it (decision 132): reviewers only, company users manage the job.
 */
export function hidesOthersUntilRated(
  access: JobAccess,
  hasRated: boolean,
): boolean {
  return isHiddenUntilRated({
    isReviewer: access.kind === 'reviewer',
    blindUntilRated: access.job.blind_until_rated,
    hasRated,
  });
}

/** Others' judgements of one interviewee: what all_reviews allows, unless hidden until rated. */
export function canSeeOthersJudgements(
  access: JobAccess,
  hasRated: boolean,
): boolean {
  return seesOthersJudgements({
    isReviewer: access.kind === 'reviewer',
    allReviews: canSeeAllReviews(access),
    blindUntilRated: access.job.blind_until_rated,
    hasRated,
  });
}
