import type { WebhookEvent } from '@candor/domain';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { WebhookEndpointsTable } from './webhook-tables';

const ENDPOINT_COLUMNS = [
  'id',
  'url',
  'description',
  'events',
  'enabled',
  'disabled_reason',
  'failing_since',
  'via_api',
  'created_at',
] as const;

/** What the log shows of a delivery. */
const DELIVERY_LOG_COLUMNS = [
  'id',
  'event',
  'message_id',
  'status',
  'attempts',
  'created_at',
  'last_attempt_at',
  'next_attempt_at',
  'response_status',
  'response_ms',
  'response_excerpt',
  'last_error',
  'payload',
] as const;

export function listEndpoints(db: Db, companyId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
}

export type EndpointRow = Awaited<ReturnType<typeof listEndpoints>>[number];

export function findEndpoint(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select([...ENDPOINT_COLUMNS, 'secret'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function countEndpoints(db: Db, companyId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

export async function insertEndpoint(
  db: Db,
  values: {
    companyId: number;
    url: string;
    description: string;
    events: string[];
    secret: string;
    viaApi: boolean;
    createdBy: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('webhook_endpoints')
    .values({
      company_id: values.companyId,
      url: values.url,
      description: values.description,
      events: JSON.stringify(values.events),
      secret: values.secret,
      via_api: values.viaApi,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEndpoint(
  db: Db,
  options: {
    companyId: number;
    id: number;
    values: Omit<Updateable<WebhookEndpointsTable>, 'events'> & {
      events?: string[];
    };
  },
): Promise<boolean> {
  const { events, ...values } = options.values;
  const result = await db
    .updateTable('webhook_endpoints')
    .set({
      ...values,
      ...(events ? { events: JSON.stringify(events) } : {}),
      updated_at: new Date(),
    })
    .where('company_id', '=', options.companyId)
    .where('id', '=', options.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteEndpoint(
  db: Db,
  companyId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// One statement per this many applications keeps the list of parameters small.
const EVENT_CHUNK = 5000;

/**
 * Queues one delivery per (application, enabled endpoint of the company that takes `event`),
 * each with its JSON payload as it will be signed and sent. Call it with the transaction of
 * the change, so the event exists exactly when the change does (decision 151).
 */
/**
 * The answers as the interviewee submitted them, on `application.completed` only (issue 41):
 * typed text and chosen options in full, a recording by its state (its file is fetched with a
 * key from `/api/jobs/{job}/answers`, whose links expire, unlike a payload kept for retries).
 */
function answersOnCompletion(event: WebhookEvent) {
  if (event !== 'application.completed') return sql`'{}'::jsonb`;
  return sql`jsonb_build_object('answers', (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
      'question_id', ans.question_id,
      'question', ans.question_text,
      'answer_type', ans.answer_type,
      'status', ans.status,
      'text', ans.text_answer,
      'choices', ans.choices
    ) ORDER BY ans."order", ans.question_id), '[]'::jsonb)
    FROM answers ans WHERE ans.application_id = a.id))`;
}

export async function queueApplicationEvents(
  db: Db,
  options: {
    companyId: number;
    event: WebhookEvent;
    applicationIds: readonly number[];
  },
): Promise<void> {
  const timestamp = new Date().toISOString();
  for (
    let start = 0;
    start < options.applicationIds.length;
    start += EVENT_CHUNK
  ) {
    const ids = options.applicationIds.slice(start, start + EVENT_CHUNK);
    await sql`
      INSERT INTO webhook_deliveries (endpoint_id, company_id, event, order_key, application_id, message_id, payload)
      SELECT e.id, e.company_id, ${options.event}, 'application:' || a.id, a.id,
        'msg_' || replace(gen_random_uuid()::text, '-', ''),
        json_build_object(
          'type', ${options.event}::text,
          'timestamp', ${timestamp}::text,
          'data', jsonb_build_object(
            'object', 'application',
            'id', a.id,
            'job', json_build_object('id', j.id, 'title', j.title),
            'first_name', a.first_name,
            'last_name', a.last_name,
            'email', a.email,
            'invited_at', a.invited_at,
            'deadline', a.deadline,
            'invitation_failed', a.invitation_failed,
            'started_at', a.started_at,
            'responded_at', a.responded_at,
            'answer_count', a.answer_count,
            'declined_at', a.declined_at,
            'declined_reason', a.declined_reason,
            'reviewed_at', a.reviewed_at,
            'review_average', a.review_average,
            'shortlisted', a.shortlisted,
            'rejected', a.rejected,
            'knockout', cardinality(a.knockout_question_ids) > 0,
            'knockout_questions', to_jsonb(a.knockout_question_ids),
            'created_at', a.created_at
          ) || ${answersOnCompletion(options.event)}
        )::text
      FROM applications a
      JOIN jobs j ON j.id = a.job_id
      JOIN webhook_endpoints e
        ON e.company_id = a.company_id AND e.enabled AND e.events ? ${options.event}::text
      WHERE a.company_id = ${options.companyId}
        AND a.id IN (${sql.join(ids)})
      ORDER BY a.id, e.id`.execute(db);
  }
}

/**
 * Marks the application started at its first recording; true only for the call that did, so
 * application.started is queued once however many recordings begin at the same moment.
 */
export async function markApplicationStarted(
  db: Db,
  applicationId: number,
): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ started_at: new Date() })
    .where('id', '=', applicationId)
    .where('started_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Queues a job's event for each enabled endpoint of its company that takes it. */
export async function queueJobEvent(
  db: Db,
  options: {
    companyId: number;
    event: WebhookEvent;
    jobId: number;
  },
): Promise<void> {
  const timestamp = new Date().toISOString();
  await sql`
    INSERT INTO webhook_deliveries (endpoint_id, company_id, event, order_key, message_id, payload)
    SELECT e.id, e.company_id, ${options.event}, 'job:' || j.id,
      'msg_' || replace(gen_random_uuid()::text, '-', ''),
      json_build_object(
        'type', ${options.event}::text,
        'timestamp', ${timestamp}::text,
        'data', json_build_object(
          'object', 'job',
          'id', j.id,
          'title', j.title,
          'status', j.status,
          'published_at', j.published_at,
          'archived_at', j.archived_at,
          'deadline', j.deadline,
          'created_at', j.created_at
        )
      )::text
    FROM jobs j
    JOIN webhook_endpoints e
      ON e.company_id = j.company_id AND e.enabled AND e.events ? ${options.event}::text
    WHERE j.company_id = ${options.companyId} AND j.id = ${options.jobId}
    ORDER BY e.id`.execute(db);
}

export type ClaimedDelivery = {
  id: number;
  endpoint_id: number;
  company_id: number;
  message_id: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
};

/**
 * Claims due deliveries in one short statement, each the first still pending of its resource
 * for its endpoint, so an application's events reach an endpoint in order; SKIP LOCKED and
 * the lease let several workers share the work and take over a dead one's claim.
 */
export async function claimDueDeliveries(
  db: Db,
  options: { limit: number; leaseSeconds: number; token: string },
): Promise<ClaimedDelivery[]> {
  const result = await sql<ClaimedDelivery>`
    WITH claimed AS (
      UPDATE webhook_deliveries
      SET attempts = attempts + 1,
          locked_until = now() + make_interval(secs => ${options.leaseSeconds}),
          claim_token = ${options.token}
      WHERE id IN (
        SELECT d.id FROM webhook_deliveries d
        JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
        WHERE d.status = 'pending'
          AND d.next_attempt_at <= now()
          AND (d.locked_until IS NULL OR d.locked_until < now())
          AND NOT EXISTS (
            SELECT 1 FROM webhook_deliveries earlier
            WHERE earlier.endpoint_id = d.endpoint_id
              AND earlier.order_key = d.order_key
              AND earlier.status = 'pending'
              AND earlier.id < d.id)
        ORDER BY d.next_attempt_at, d.id
        LIMIT ${options.limit}
        FOR UPDATE OF d SKIP LOCKED
      )
      RETURNING id, endpoint_id, company_id, message_id, payload, attempts
    )
    SELECT claimed.*, e.url, e.secret
    FROM claimed JOIN webhook_endpoints e ON e.id = claimed.endpoint_id
    ORDER BY claimed.id`.execute(db);
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Right before sending: still this worker's claim? Stretches the lease if so. */
export async function confirmDeliveryClaim(
  db: Db,
  options: { id: number; token: string; leaseSeconds: number },
): Promise<boolean> {
  const result = await sql`
    UPDATE webhook_deliveries
    SET locked_until = now() + make_interval(secs => ${options.leaseSeconds})
    WHERE id = ${options.id} AND claim_token = ${options.token} AND status = 'pending'`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0) === 1;
}

export type AttemptResult = {
  status: number | null;
  ms: number;
  excerpt: string;
  error: string | null;
};

/**
 * Writes how an attempt went: delivered, to be tried again at `retryAt`, or (retryAt null)
 * failed for good. Only the current claim may write it.
 */
export async function recordAttempt(
  db: Db,
  options: {
    id: number;
    token: string;
    result: AttemptResult;
    retryAt: Date | null;
  },
): Promise<boolean> {
  const { result } = options;
  const now = new Date();
  const outcome =
    result.error === null
      ? { status: 'delivered' as const, delivered_at: now }
      : options.retryAt
        ? { status: 'pending' as const, next_attempt_at: options.retryAt }
        : { status: 'failed' as const };
  const updated = await db
    .updateTable('webhook_deliveries')
    .set({
      ...outcome,
      last_attempt_at: now,
      response_status: result.status,
      response_ms: result.ms,
      response_excerpt: result.excerpt,
      last_error: result.error,
      locked_until: null,
      claim_token: null,
    })
    .where('id', '=', String(options.id))
    .where('claim_token', '=', options.token)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A success ends the endpoint's run of failures. */
export function clearEndpointFailures(db: Db, endpointId: number) {
  return db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', endpointId)
    .where('failing_since', 'is not', null)
    .execute();
}

/** Starts the endpoint's run of failures if none is running; returns when it started. */
export async function noteEndpointFailure(
  db: Db,
  endpointId: number,
): Promise<Date | null> {
  const row = await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: sql`coalesce(failing_since, now())` })
    .where('id', '=', endpointId)
    .returning('failing_since')
    .executeTakeFirst();
  return row?.failing_since ? new Date(row.failing_since) : null;
}

/** Switches an enabled endpoint off for the system's reason; false if it was off already. */
export async function disableFailingEndpoint(
  db: Db,
  endpointId: number,
  reason: string,
): Promise<{ company_id: number; url: string } | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: reason, updated_at: new Date() })
    .where('id', '=', endpointId)
    .where('enabled', '=', true)
    .returning(['company_id', 'url'])
    .executeTakeFirst();
}

/** The company's active admins, who hear about an endpoint switched off. */
export function findCompanyAdmins(db: Db, companyId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .innerJoin('companies', 'companies.id', 'memberships.company_id')
    .select([
      'users.email',
      'users.first_name',
      'users.locale',
      'companies.name as company_name',
    ])
    .where('memberships.company_id', '=', companyId)
    .where('memberships.role', '=', 'admin')
    .where('memberships.status', '=', 'active')
    .orderBy('users.id')
    .execute();
}

export function listDeliveries(
  db: Db,
  options: {
    companyId: number;
    endpointId: number;
    limit: number;
    offset: number;
  },
) {
  return db
    .selectFrom('webhook_deliveries')
    .select(DELIVERY_LOG_COLUMNS)
    .where('company_id', '=', options.companyId)
    .where('endpoint_id', '=', options.endpointId)
    .orderBy('id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

export type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>[number];

export async function countDeliveries(
  db: Db,
  options: { companyId: number; endpointId: number },
): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', options.companyId)
    .where('endpoint_id', '=', options.endpointId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Queues the same message again (same webhook-id and payload, so a receiver can tell it is a
 * repeat) behind whatever of its resource is still pending. Returns the new delivery's id.
 */
export async function copyDelivery(
  db: Db,
  options: { companyId: number; endpointId: number; deliveryId: number },
): Promise<number | undefined> {
  const row = await db
    .insertInto('webhook_deliveries')
    .columns([
      'endpoint_id',
      'company_id',
      'event',
      'order_key',
      'application_id',
      'message_id',
      'payload',
    ])
    .expression((eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select([
          'endpoint_id',
          'company_id',
          'event',
          'order_key',
          'application_id',
          'message_id',
          'payload',
        ])
        .where('company_id', '=', options.companyId)
        .where('endpoint_id', '=', options.endpointId)
        .where('id', '=', String(options.deliveryId)),
    )
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export function findDelivery(
  db: Db,
  options: { companyId: number; endpointId: number; deliveryId: number },
) {
  return db
    .selectFrom('webhook_deliveries')
    .select(DELIVERY_LOG_COLUMNS)
    .where('company_id', '=', options.companyId)
    .where('endpoint_id', '=', options.endpointId)
    .where('id', '=', String(options.deliveryId))
    .executeTakeFirst();
}

/** Deletes up to `limit` finished deliveries made before `before`; pending ones are kept. */
export async function pruneWebhookDeliveries(
  db: Db,
  options: { before: Date; limit: number },
): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '<>', 'pending')
        .where('created_at', '<', options.before)
        .limit(options.limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
