import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection';
import type { ApplicationsTable } from '../../db/schema';

/** An application reached by its secret token, with what its pages need of job and company. */
export function findApplicationByToken(db: Db, token: string) {
  return db
    .selectFrom('applications')
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .innerJoin('companies', 'companies.id', 'jobs.company_id')
    .leftJoin('videos as welcome', 'welcome.id', 'jobs.intro_video_id')
    .selectAll('applications')
    .select([
      'jobs.company_id',
      'jobs.title as job_title',
      'welcome.video_key as welcome_video_key',
      'welcome.thumbnail_key as welcome_thumbnail_key',
      'jobs.description as job_description',
      'jobs.status as job_status',
      'jobs.deadline as job_deadline',
      'jobs.language as job_language',
      'jobs.max_retakes as job_max_retakes',
      'companies.name as company_name',
      'companies.shortname as company_shortname',
      'companies.logo_key as company_logo_key',
      'companies.logo_updated_at as company_logo_updated_at',
      'companies.brand_color as company_brand_color',
      'companies.feedback_enabled as company_feedback_enabled',
      'companies.survey_enabled as company_survey_enabled',
      'companies.survey_categories as company_survey_categories',
    ])
    .where('applications.token', '=', token)
    .executeTakeFirst();
}
export type TokenApplication = NonNullable<
  Awaited<ReturnType<typeof findApplicationByToken>>
>;

export function findApplicationTokenByShortcode(db: Db, shortcode: string) {
  return db
    .selectFrom('applications')
    .select('token')
    .where('shortcode', '=', shortcode)
    .executeTakeFirst();
}

export function listJobQuestions(db: Db, jobId: number) {
  return db
    .selectFrom('questions')
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy('order')
    .orderBy('id')
    .execute();
}

export function listJobAttachments(db: Db, jobId: number) {
  return db
    .selectFrom('attachments')
    .select(['id', 'filename', 'size', 'storage_key'])
    .where('job_id', '=', jobId)
    .orderBy('id')
    .execute();
}

export function findVideoKeys(db: Db, videoId: number) {
  return db
    .selectFrom('videos')
    .select(['video_key', 'thumbnail_key'])
    .where('id', '=', videoId)
    .executeTakeFirst();
}

export function findPublicJobByShortcode(db: Db, shortcode: string) {
  return db
    .selectFrom('jobs')
    .innerJoin('companies', 'companies.id', 'jobs.company_id')
    .selectAll('jobs')
    .select([
      'companies.name as company_name',
      'companies.shortname as company_shortname',
      'companies.logo_key as company_logo_key',
      'companies.logo_updated_at as company_logo_updated_at',
      'companies.brand_color as company_brand_color',
    ])
    .where('jobs.shortcode', '=', shortcode)
    .executeTakeFirst();
}

export function findApplicationByJobEmail(
  db: Db,
  jobId: number,
  email: string,
) {
  return db
    .selectFrom('applications')
    .selectAll()
    .where('job_id', '=', jobId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function insertApplication(
  db: Db,
  values: Insertable<ApplicationsTable>,
) {
  return db
    .insertInto('applications')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setConsented(db: Db, applicationId: number) {
  return db
    .updateTable('applications')
    .set({ consented_at: new Date(), updated_at: new Date() })
    .where('id', '=', applicationId)
    .where('consented_at', 'is', null)
    .execute();
}

export function setDeclined(db: Db, applicationId: number, reason: string) {
  return db
    .updateTable('applications')
    .set({
      declined_at: new Date(),
      declined_reason: reason,
      updated_at: new Date(),
    })
    .where('id', '=', applicationId)
    .execute();
}
