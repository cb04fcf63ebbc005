import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { leaseClaimSql, type LeaseClaim } from '../../db/lease-claim';
import type { SmsStatus } from '@candor/domain';

/**
 * Why the applicant's latest text failed or was refused, or null: one probe of
 * sms_outbox_application (application_id, id) per listed row, so the job page and search show
 * "Text undelivered" without another request (decision 194).
 */
export function latestTextFailureSql(applicationId: string) {
  return sql<string | null>`(SELECT CASE WHEN o.status = 'failed'
      THEN coalesce(nullif(o.reason, ''), 'Not delivered') END
    FROM sms_outbox o WHERE o.application_id = ${sql.ref(applicationId)}
    ORDER BY o.id DESC LIMIT 1)`;
}

export type CompanySms = {
  company_id: number;
  name: string;
  sms_enabled: boolean;
  sender_name: string;
  default_country: string;
  daily_cap: number;
};

export async function findCompanySms(
  db: Db,
  companyId: number,
): Promise<CompanySms | undefined> {
  return db
    .selectFrom('companies')
    .leftJoin(
      'company_sms_settings',
      'company_sms_settings.company_id',
      'companies.id',
    )
    .select((eb) => [
      'companies.id as company_id',
      'companies.name',
      'companies.sms_enabled',
      eb.fn
        .coalesce('company_sms_settings.sender_name', sql<string>`''`)
        .as('sender_name'),
      eb.fn
        .coalesce('company_sms_settings.default_country', sql<string>`'GB'`)
        .as('default_country'),
      eb.fn
        .coalesce('company_sms_settings.daily_cap', sql<number>`1000`)
        .as('daily_cap'),
    ])
    .where('companies.id', '=', companyId)
    .executeTakeFirst();
}

export async function saveCompanySmsSettings(
  db: Db,
  companyId: number,
  values: {
    sender_name?: string;
    default_country?: string;
    daily_cap?: number;
  },
): Promise<void> {
  await db
    .insertInto('company_sms_settings')
    .values({ company_id: companyId, ...values })
    .onConflict((oc) =>
      Object.keys(values).length === 0
        ? oc.column('company_id').doNothing()
        : oc.column('company_id').doUpdateSet(values),
    )
    .execute();
}

/** What a text to each of these applicants needs, for the company's own applicants only. */
export function findTextRecipients(
  db: Db,
  companyId: number,
  applicationIds: readonly number[],
) {
  return db
    .selectFrom('applications')
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .select([
      'applications.id',
      'applications.job_id',
      'applications.phone',
      'applications.first_name',
      'applications.last_name',
      'applications.shortcode',
      'applications.deadline',
      'jobs.title',
      'jobs.language',
    ])
    .where('applications.company_id', '=', companyId)
    .where('applications.id', 'in', [...applicationIds])
    .where('applications.phone', '<>', '')
    .orderBy('applications.id')
    .execute();
}

/** Texts the company sent or will send since `since`; refused ones do not count. */
export async function countCompanyTextsSince(
  db: Db,
  companyId: number,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('sms_outbox')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .where('created_at', '>=', since)
    .where((eb) =>
      eb.or([eb('status', '<>', 'failed'), eb('sent_at', 'is not', null)]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The same, per number, for these numbers. */
export async function countTextsToNumbersSince(
  db: Db,
  options: { companyId: number; phones: string[]; since: Date },
): Promise<Map<string, number>> {
  if (options.phones.length === 0) return new Map();
  const rows = await db
    .selectFrom('sms_outbox')
    .select((eb) => ['to_phone', eb.fn.countAll<string>().as('count')])
    .where('company_id', '=', options.companyId)
    .where('to_phone', 'in', options.phones)
    .where('created_at', '>=', options.since)
    .where((eb) =>
      eb.or([eb('status', '<>', 'failed'), eb('sent_at', 'is not', null)]),
    )
    .groupBy('to_phone')
    .execute();
  return new Map(rows.map((row) => [row.to_phone, Number(row.count)]));
}

export async function findOptedOut(
  db: Db,
  companyId: number,
  phones: string[],
): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await db
    .selectFrom('sms_opt_outs')
    .select('phone')
    .where('company_id', '=', companyId)
    .where('phone', 'in', phones)
    .execute();
  return new Set(rows.map((row) => row.phone));
}

export async function insertOptOut(
  db: Db,
  companyId: number,
  phone: string,
): Promise<void> {
  await db
    .insertInto('sms_opt_outs')
    .values({ company_id: companyId, phone })
    .onConflict((oc) => oc.columns(['company_id', 'phone']).doNothing())
    .execute();
}

/** Opts one number out of several companies' texts at once. */
export async function insertOptOuts(
  db: Db,
  companyIds: readonly number[],
  phone: string,
): Promise<void> {
  if (companyIds.length === 0) return;
  await db
    .insertInto('sms_opt_outs')
    .values(companyIds.map((companyId) => ({ company_id: companyId, phone })))
    .onConflict((oc) => oc.columns(['company_id', 'phone']).doNothing())
    .execute();
}

/** The companies whose texts reached the gateway for this number. */
export async function findCompaniesThatTexted(
  db: Db,
  phone: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('sms_outbox')
    .select('company_id')
    .distinct()
    .where('to_phone', '=', phone)
    .where('sent_at', 'is not', null)
    .execute();
  return rows.map((row) => row.company_id);
}

export type NewText = {
  companyId: number;
  jobId: number;
  applicationId: number;
  kind: string;
  to: string;
  sender: string;
  body: string;
  /** A refused text is kept as failed, with why, so the company can see it. */
  refusal: string | null;
};

export async function insertTexts(db: Db, texts: NewText[]): Promise<void> {
  if (texts.length === 0) return;
  await db
    .insertInto('sms_outbox')
    .values(
      texts.map((text) => ({
        company_id: text.companyId,
        job_id: text.jobId,
        application_id: text.applicationId,
        kind: text.kind,
        to_phone: text.to,
        sender: text.sender,
        body: text.body,
        status: text.refusal === null ? 'queued' : 'failed',
        reason: text.refusal ?? '',
      })),
    )
    .execute();
}

export type ClaimedText = {
  id: number;
  company_id: number;
  to_phone: string;
  sender: string;
  body: string;
  attempts: number;
};

/** Claims due texts in one statement, as the mail outbox does (decision 035). */
export async function claimDueTexts(
  db: Db,
  options: LeaseClaim,
): Promise<ClaimedText[]> {
  const result = await leaseClaimSql(
    'sms_outbox',
    'queued',
    options,
    sql`id, company_id, to_phone, sender, body, attempts`,
  )
    .$castTo<ClaimedText>()
    .execute(db);
  return result.rows
    .map((row) => ({ ...row, id: Number(row.id) }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Right before sending: this worker still holds the claim, and the text becomes `sending`,
 * which no claim takes again. A worker that dies now leaves it there, and failStaleSending
 * gives up on it: a text goes to the gateway at most once (decision 188).
 */
export async function confirmTextClaim(
  db: Db,
  id: number,
  token: string,
  leaseSeconds: number,
): Promise<boolean> {
  const result = await sql`
    UPDATE sms_outbox SET status = 'sending',
      locked_until = now() + make_interval(secs => ${leaseSeconds})
    WHERE id = ${id} AND claim_token = ${token} AND status = 'queued'`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** Texts whose sender died while sending them: whether they went out is unknown. */
export async function failStaleSending(db: Db): Promise<number> {
  const result = await db
    .updateTable('sms_outbox')
    .set({
      status: 'failed',
      reason:
        'Sending was interrupted; not sent again, so that it cannot arrive twice',
      locked_until: null,
    })
    .where('status', '=', 'sending')
    .where('locked_until', '<', new Date())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markTextSent(
  db: Db,
  options: { id: number; token: string; gatewayIds: string[] },
): Promise<void> {
  await db
    .updateTable('sms_outbox')
    .set({
      status: 'sent',
      sent_at: new Date(),
      gateway_ids: options.gatewayIds,
      locked_until: null,
      reason: '',
    })
    .where('id', '=', String(options.id))
    .where('claim_token', '=', options.token)
    .execute();
}

export async function retryTextLater(
  db: Db,
  options: { id: number; token: string; reason: string; at: Date },
): Promise<void> {
  await db
    .updateTable('sms_outbox')
    .set({
      status: 'queued',
      next_attempt_at: options.at,
      reason: options.reason,
      locked_until: null,
      claim_token: null,
    })
    .where('id', '=', String(options.id))
    .where('claim_token', '=', options.token)
    .execute();
}

export async function markTextFailed(
  db: Db,
  options: {
    id: number;
    token: string;
    reason: string;
    gatewayIds?: string[];
  },
): Promise<TextOutcome | undefined> {
  return db
    .updateTable('sms_outbox')
    .set({
      status: 'failed',
      reason: options.reason,
      locked_until: null,
      ...(options.gatewayIds ? { gateway_ids: options.gatewayIds } : {}),
    })
    .where('id', '=', String(options.id))
    .where('claim_token', '=', options.token)
    .returning(OUTCOME_COLUMNS)
    .executeTakeFirst();
}

/** What the events of a text's outcome need. */
export type TextOutcome = {
  id: string;
  company_id: number;
  job_id: number | null;
  application_id: number | null;
  to_phone: string;
  kind: string;
  reason: string;
};

const OUTCOME_COLUMNS = [
  'id',
  'company_id',
  'job_id',
  'application_id',
  'to_phone',
  'kind',
  'reason',
] as const;

/**
 * A delivery receipt for one part: a failed part fails the text; the text is delivered once
 * a receipt says so and none said otherwise. Returns the texts it changed.
 */
export async function recordReceipt(
  db: Db,
  options: { gatewayId: string; delivered: boolean; reason: string },
): Promise<TextOutcome[]> {
  return db
    .updateTable('sms_outbox')
    .set(
      options.delivered
        ? { status: 'delivered', delivered_at: new Date(), reason: '' }
        : { status: 'failed', reason: options.reason },
    )
    .where(sql<boolean>`gateway_ids @> ARRAY[${options.gatewayId}]::text[]`)
    .where(
      'status',
      'in',
      options.delivered ? ['sent'] : (['sent', 'delivered'] as SmsStatus[]),
    )
    .returning(OUTCOME_COLUMNS)
    .execute();
}

export function listApplicationTexts(
  db: Db,
  options: { companyId: number; applicationId: number },
) {
  return db
    .selectFrom('sms_outbox')
    .select([
      'id',
      'kind',
      'to_phone',
      'body',
      'status',
      'reason',
      'created_at',
    ])
    .where('company_id', '=', options.companyId)
    .where('application_id', '=', options.applicationId)
    .orderBy('id', 'desc')
    .execute();
}

/** The texts written as files (no gateway, development) of one company, newest first. */
export function listCompanyTexts(db: Db, companyId: number, limit: number) {
  return db
    .selectFrom('sms_outbox')
    .select(['id', 'to_phone', 'body', 'status', 'created_at'])
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findApplicationPhone(db: Db, applicationId: number) {
  return db
    .selectFrom('applications')
    .innerJoin('companies', 'companies.id', 'applications.company_id')
    .select([
      'applications.id',
      'applications.company_id',
      'applications.phone',
      'companies.name as company_name',
    ])
    .where('applications.id', '=', applicationId)
    .executeTakeFirst();
}

export async function isOptedOut(
  db: Db,
  companyId: number,
  phone: string,
): Promise<boolean> {
  return (await findOptedOut(db, companyId, [phone])).has(phone);
}

/** The interviewee's id when they belong to this job. */
export async function findJobApplicationId(
  db: Db,
  jobId: number,
  id: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('applications')
    .select('id')
    .where('job_id', '=', jobId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.id;
}
