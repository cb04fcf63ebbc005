import { sql, type ExpressionBuilder } from 'kysely';
import { REVIEWER_APPLICANTS, escapeLikePattern } from '@candor/domain';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/schema';

type Scope = {
  userId: number;
  companyId: number | null;
  jobId?: number | undefined;
};

// The same expression as applications_name_trgm_idx, so PostgreSQL uses the trigram index.
const fullName = sql<string>`(applications.first_name || ' ' || applications.last_name)`;

/**
 * A company user searches their current company (like every list of theirs); a reviewer,
 * who has no company, searches the interviewees their reviewer rows let them see.
 */
function visibleTo(
  eb: ExpressionBuilder<Database, 'applications' | 'jobs'>,
  scope: Scope,
) {
  if (scope.companyId !== null)
    return eb('jobs.company_id', '=', scope.companyId);
  return eb.exists(
    eb
      .selectFrom('reviewers')
      .select(sql`1`.as('one'))
      .whereRef('reviewers.job_id', '=', 'applications.job_id')
      .where('reviewers.user_id', '=', scope.userId)
      .where((inner) =>
        inner.or([
          inner('reviewers.applicants', '<>', REVIEWER_APPLICANTS.chosen),
          inner.exists(
            inner
              .selectFrom('reviewer_assignments')
              .select(sql`1`.as('one'))
              .whereRef('reviewer_assignments.reviewer_id', '=', 'reviewers.id')
              .whereRef(
                'reviewer_assignments.application_id',
                '=',
                'applications.id',
              ),
          ),
        ]),
      ),
  );
}

/**
 * People whose name or e-mail contains every word typed (ILIKE, served by the trigram
 * GIN indexes on name and e-mail), newest first.
 */
export function searchApplications(
  db: Db,
  scope: Scope,
  options: { words: string[]; limit: number },
) {
  let query = db
    .selectFrom('applications')
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .selectAll('applications')
    .select([
      'jobs.title as job_title',
      'jobs.status as job_status',
      'jobs.rating_style',
      'jobs.sjt_assessment',
      (eb) =>
        eb
          .selectFrom('questions')
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .whereRef('questions.job_id', '=', 'jobs.id')
          .as('question_count'),
    ])
    .where((eb) => visibleTo(eb, scope));
  if (scope.jobId !== undefined)
    query = query.where('applications.job_id', '=', scope.jobId);
  for (const word of options.words) {
    const pattern = `%${escapeLikePattern(word)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(fullName, 'ilike', pattern),
        eb('applications.email', 'ilike', pattern),
      ]),
    );
  }
  return query
    .orderBy('applications.created_at', 'desc')
    .orderBy('applications.id', 'desc')
    .limit(options.limit)
    .execute();
}
