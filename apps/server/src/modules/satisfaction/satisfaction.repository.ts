import type { SatisfactionComment } from '@candor/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';

type Period = { from: Date; to: Date };

/** Saves a candidate's answer; a second one replaces the first and its time. */
export async function upsertSatisfaction(
  db: Db,
  row: {
    applicationId: number;
    companyId: number;
    jobId: number;
    rating: number;
    comment: string;
  },
): Promise<void> {
  const answer = {
    rating: row.rating,
    comment: row.comment,
    answered_at: new Date(),
  };
  await db
    .insertInto('candidate_satisfaction')
    .values({
      application_id: row.applicationId,
      company_id: row.companyId,
      job_id: row.jobId,
      ...answer,
    })
    .onConflict((oc) => oc.column('application_id').doUpdateSet(answer))
    .execute();
}

/** How many gave each score in the period, per interview and for the company (job_id null). */
export async function findSatisfactionCounts(
  db: Db,
  options: { companyId: number; period: Period },
): Promise<{ job_id: number | null; rating: number; count: number }[]> {
  const { companyId, period } = options;
  const result = await sql<{
    job_id: number | null;
    rating: number;
    count: number;
  }>`
    SELECT s.job_id, s.rating, count(*)::int AS count
    FROM candidate_satisfaction s
    WHERE s.company_id = ${companyId}
      AND s.answered_at >= ${period.from} AND s.answered_at < ${period.to}
    GROUP BY GROUPING SETS ((s.job_id, s.rating), (s.rating))`.execute(db);
  return result.rows;
}

/** The period's latest comments, without who wrote them or when. */
export async function findSatisfactionComments(
  db: Db,
  options: { companyId: number; period: Period; limit: number },
): Promise<SatisfactionComment[]> {
  return db
    .selectFrom('candidate_satisfaction')
    .select(['job_id', 'rating', 'comment'])
    .where('company_id', '=', options.companyId)
    .where('answered_at', '>=', options.period.from)
    .where('answered_at', '<', options.period.to)
    .where('comment', '<>', '')
    .orderBy('answered_at', 'desc')
    .limit(options.limit)
    .execute();
}
