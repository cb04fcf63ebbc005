import { sql } from 'kysely';
import type { Db } from '../../db/connection';

export function findFeedbackApplication(
  db: Db,
  options: { jobId: number; token: string },
) {
  return db
    .selectFrom('applications')
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .innerJoin('companies', 'companies.id', 'jobs.company_id')
    .select([
      'applications.id',
      'applications.first_name',
      'applications.shortlisted',
      'applications.rejected',
      'applications.reviewed_at',
      'applications.review_average',
      'jobs.title',
      'jobs.rating_style',
      'companies.name as company_name',
      'companies.shortname as company_shortname',
      'companies.logo_key',
      'companies.logo_updated_at',
      'companies.brand_color',
      'companies.feedback_enabled',
    ])
    .where('applications.job_id', '=', options.jobId)
    .where('applications.token', '=', options.token)
    .executeTakeFirst();
}

/** Each matrix cell chosen for the applicant, by any reviewer, with the interviewee's text. */
export function listChosenCells(db: Db, applicationId: number) {
  return db
    .selectFrom('matrix_reviews')
    .innerJoin('matrix_options', (join) =>
      join
        .onRef('matrix_options.competency', '=', 'matrix_reviews.competency')
        .onRef('matrix_options.indicator', '=', 'matrix_reviews.indicator')
        .onRef('matrix_options.level', '=', 'matrix_reviews.level')
        // A review without a question is a communication review.
        .on(
          'matrix_options.kind',
          '=',
          sql<
            'competency' | 'communication'
          >`CASE WHEN matrix_reviews.question_id IS NULL THEN 'communication' ELSE 'competency' END`,
        ),
    )
    .select([
      'matrix_reviews.question_id',
      'matrix_options.kind',
      'matrix_options.indicator',
      'matrix_options.level',
      'matrix_options.text_2',
    ])
    .where('matrix_reviews.application_id', '=', applicationId)
    .orderBy('matrix_options.indicator')
    .execute();
}

export function listFeedbackComments(db: Db, applicationId: number) {
  return db
    .selectFrom('comments')
    .select('comment')
    .where('application_id', '=', applicationId)
    .where('is_feedback', '=', true)
    .orderBy('created_at')
    .execute();
}
