import { REVIEWER_APPLICANTS } from '@candor/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { OPEN_FOR_REVIEW_SQL } from '../../db/applicant-stage-sql';

const CHOSEN = REVIEWER_APPLICANTS.chosen;

/**
 * Records that one person completed their own review of an interviewee (decision 133).
 * Returns false when they had already: the first completion is the one kept.
 */
export async function recordReviewCompletion(
  db: Db,
  completion: {
    applicationId: number;
    userId: number;
    jobId: number;
    companyId: number;
    createdBy: number | null;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('review_completions')
    .values({
      application_id: completion.applicationId,
      user_id: completion.userId,
      job_id: completion.jobId,
      company_id: completion.companyId,
      created_by: completion.createdBy,
      // Completing is offered only in the Responded and Reviewed stages (assertAllowed).
      open: true,
    })
    .onConflict((oc) => oc.columns(['application_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** One person on a job's review panel, with their own progress on it. */
export type PanelProgressRow = {
  user_id: number;
  first_name: string;
  last_name: string;
  is_company_user: boolean;
  completed: number;
  to_review: number;
};

/**
 * The job's panel: its accepted reviewers (company users assigned to it among them) and anyone
 * else who completed a review of it, each with the reviews they completed and the interviewees
 * still open for them (the job's open applicants, or their chosen ones, less those completed).
 */
export async function listJobPanel(
  db: Db,
  job: { id: number; companyId: number },
): Promise<PanelProgressRow[]> {
  const { rows } = await sql<PanelProgressRow>`
    WITH members AS (
      SELECT r.user_id, r.id AS reviewer_id, r.applicants FROM reviewers r
      WHERE r.job_id = ${job.id} AND r.account_status = 1
      UNION
      SELECT rc.user_id, NULL, NULL FROM review_completions rc WHERE rc.job_id = ${job.id}
        AND NOT EXISTS (SELECT FROM reviewers r WHERE r.job_id = ${job.id}
          AND r.user_id = rc.user_id AND r.account_status = 1)
    )
    SELECT u.id AS user_id, u.first_name, u.last_name,
      EXISTS (SELECT FROM memberships m WHERE m.user_id = u.id
        AND m.company_id = ${job.companyId} AND m.status = 'active') AS is_company_user,
      (SELECT count(*) FROM review_completions rc
        WHERE rc.job_id = ${job.id} AND rc.user_id = u.id)::int AS completed,
      (SELECT count(*) FROM applications a
        WHERE a.job_id = ${job.id} AND ${OPEN_FOR_REVIEW_SQL}
          AND (members.applicants IS DISTINCT FROM ${CHOSEN} OR EXISTS (
            SELECT FROM reviewer_assignments ra
            WHERE ra.reviewer_id = members.reviewer_id AND ra.application_id = a.id))
          AND NOT EXISTS (SELECT FROM review_completions rc
            WHERE rc.application_id = a.id AND rc.user_id = u.id))::int AS to_review
    FROM members JOIN users u ON u.id = members.user_id
    ORDER BY lower(u.first_name), lower(u.last_name), u.id`.execute(db);
  return rows;
}

/** The panel of one interviewee: who may review them, and who completed, when. */
export type ApplicationPanelRow = {
  user_id: number;
  first_name: string;
  last_name: string;
  is_company_user: boolean;
  completed_at: Date | null;
};

export async function listApplicationPanel(
  db: Db,
  application: { id: number; jobId: number; companyId: number },
): Promise<ApplicationPanelRow[]> {
  const { rows } = await sql<ApplicationPanelRow>`
    WITH members AS (
      SELECT r.user_id FROM reviewers r
      WHERE r.job_id = ${application.jobId} AND r.account_status = 1
        AND (r.applicants <> ${CHOSEN} OR EXISTS (
          SELECT FROM reviewer_assignments ra
          WHERE ra.reviewer_id = r.id AND ra.application_id = ${application.id}))
      UNION
      SELECT rc.user_id FROM review_completions rc
      WHERE rc.application_id = ${application.id}
    )
    SELECT u.id AS user_id, u.first_name, u.last_name,
      EXISTS (SELECT FROM memberships m WHERE m.user_id = u.id
        AND m.company_id = ${application.companyId} AND m.status = 'active') AS is_company_user,
      rc.completed_at
    FROM members JOIN users u ON u.id = members.user_id
    LEFT JOIN review_completions rc
      ON rc.application_id = ${application.id} AND rc.user_id = u.id
    ORDER BY rc.completed_at NULLS LAST, lower(u.first_name), lower(u.last_name), u.id`.execute(
    db,
  );
  return rows;
}
