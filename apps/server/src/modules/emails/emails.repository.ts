import type { EmailType } from '@candor/domain';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { DefaultEmailsTable } from './email-tables';
import { DEFAULT_EMAIL_TEXTS } from './default-email-texts';
import type { EmailLanguage } from './email-words';

/**
 * A company's default e-mail of one type, created with the product's text the first time, in
 * `language` (the first one to need it decides: decision 160).
 */
export async function findOrCreateDefaultEmail(
  db: Db,
  company: { id: number; name: string },
  type: EmailType,
  language: EmailLanguage,
) {
  const existing = await findDefaultEmail(db, company.id, type);
  if (existing) return existing;
  await db
    .insertInto('default_emails')
    .values({
      company_id: company.id,
      type,
      ...DEFAULT_EMAIL_TEXTS[language][type],
      from_name: company.name,
    })
    .onConflict((conflict) =>
      conflict.columns(['company_id', 'type']).doNothing(),
    )
    .execute();
  const created = await findDefaultEmail(db, company.id, type);
  if (!created)
    throw new Error(
      `Default ${type} e-mail of company ${company.id} missing after insert`,
    );
  return created;
}

function findDefaultEmail(db: Db, companyId: number, type: EmailType) {
  return db
    .selectFrom('default_emails')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('type', '=', type)
    .executeTakeFirst();
}

export function updateDefaultEmail(
  db: Db,
  companyId: number,
  type: EmailType,
  values: Updateable<DefaultEmailsTable>,
) {
  return db
    .updateTable('default_emails')
    .set({ ...values, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('type', '=', type)
    .execute();
}

/**
 * Sender names: the company name, then active reviewers of the company's interviews whose
 * e-mail is not a system address (spec section 2, "E-mail template editor").
 */
export async function findSenderChoices(
  db: Db,
  company: { id: number; name: string },
): Promise<string[]> {
  const rows = await db
    .selectFrom('reviewers')
    .innerJoin('jobs', 'jobs.id', 'reviewers.job_id')
    .innerJoin('users', 'users.id', 'reviewers.user_id')
    .select(['users.first_name', 'users.last_name'])
    .where('jobs.company_id', '=', company.id)
    .where('reviewers.account_status', '=', 1)
    .where('users.is_system', '=', false)
    .distinct()
    .execute();
  const names = rows
    .map((row) => `${row.first_name} ${row.last_name}`.trim())
    .filter(Boolean);
  return [
    company.name,
    ...[...new Set(names)].filter((name) => name !== company.name).sort(),
  ];
}

/**
 * One of the company's interviews as its e-mail steps preview it: title, deadline settings,
 * question count and answering seconds. Undefined for another company's interview.
 */
export async function findPreviewInterview(
  db: Db,
  companyId: number,
  jobId: number,
) {
  const row = await db
    .selectFrom('jobs')
    .leftJoin('questions', 'questions.job_id', 'jobs.id')
    .select((eb) => [
      'jobs.title',
      'jobs.language',
      'jobs.deadline',
      'jobs.applicant_deadline_days',
      eb.fn.count<string>('questions.id').as('question_count'),
      eb.fn
        .coalesce(
          eb.fn.sum<string>(
            eb('questions.thinking_time', '+', eb.ref('questions.time_limit')),
          ),
          eb.lit(0),
        )
        .as('seconds'),
    ])
    .where('jobs.id', '=', jobId)
    .where('jobs.company_id', '=', companyId)
    .groupBy('jobs.id')
    .executeTakeFirst();
  return (
    row && {
      title: row.title,
      language: row.language,
      deadline: row.deadline === null ? null : new Date(row.deadline),
      applicant_deadline_days: row.applicant_deadline_days,
      questionCount: Number(row.question_count),
      seconds: Number(row.seconds),
    }
  );
}

/** The job and its company, as every e-mail about the job shows them. */
export function findJobEmailFacts(db: Db, jobId: number) {
  return db
    .selectFrom('jobs')
    .innerJoin('companies', 'companies.id', 'jobs.company_id')
    .select([
      'jobs.id',
      'jobs.title',
      'jobs.language',
      'companies.id as company_id',
      'companies.name',
      'companies.shortname',
      'companies.logo_key',
      'companies.logo_updated_at',
      'companies.brand_color',
      'companies.support_email',
    ])
    .where('jobs.id', '=', jobId)
    .executeTakeFirstOrThrow();
}

export function findCompletionRecipient(db: Db, applicationId: number) {
  return db
    .selectFrom('applications')
    .select([
      'id',
      'job_id',
      'first_name',
      'last_name',
      'email',
      'deadline',
      'shortcode',
      'token',
    ])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
}
