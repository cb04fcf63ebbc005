import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  changedFields,
  webhookUrlProblem,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointDetail,
  type WebhookEndpointUpdate,
  type WebhookEvent,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import { fieldError, notFound } from '../../platform/http/errors';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { recordAudit } from '../audit-log/audit-log.service';
import { isPublicAddress } from './public-address';
import {
  copyDelivery,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repository';

/** Enough endpoints for every integration a company runs; more is likely a runaway script. */
export const MAX_ENDPOINTS = 25;

const iso = (value: Date | null) =>
  value === null ? null : value.toISOString();

export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    failing_since: iso(row.failing_since),
    via_api: row.via_api,
    created_at: row.created_at.toISOString(),
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    event: row.event as WebhookEvent,
    message_id: row.message_id,
    status: row.status,
    attempts: row.attempts,
    created_at: row.created_at.toISOString(),
    last_attempt_at: iso(row.last_attempt_at),
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    response_status: row.response_status,
    response_ms: row.response_ms,
    response_excerpt: row.response_excerpt,
    last_error: row.last_error,
    payload: row.payload,
  };
}

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * The URL's checks at registration: its form, and (unless private addresses are allowed)
 * that its name resolves only to public addresses. Deliveries check again at connect time.
 */
async function checkUrl(ctx: AppContext, value: string): Promise<string> {
  const allowPrivate = ctx.config.webhookAllowPrivate;
  const problem = webhookUrlProblem(value, { allowPrivate });
  if (problem) throw fieldError('url', problem);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw fieldError(
      'url',
      'Enter a full URL, such as https://example.com/hooks.',
    );
  }
  if (allowPrivate) return url.href;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses =
      isIP(host) !== 0
        ? [host]
        : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    throw fieldError('url', `The name ${host} could not be found.`);
  }
  if (!addresses.every(isPublicAddress))
    throw fieldError(
      'url',
      'The URL must not point to a private, loopback or link-local address.',
    );
  return url.href;
}

export async function createEndpoint(
  ctx: AppContext,
  options: {
    companyId: number;
    userId: number | null;
    input: WebhookEndpointCreate;
    viaApi: boolean;
    count: number;
    origin: RequestOrigin;
  },
): Promise<WebhookEndpointDetail> {
  if (options.count >= MAX_ENDPOINTS)
    throw fieldError(
      'url',
      `A company may have at most ${MAX_ENDPOINTS} webhook endpoints.`,
    );
  const url = await checkUrl(ctx, options.input.url);
  const description = options.input.description ?? '';
  const id = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertEndpoint(trx, {
      companyId: options.companyId,
      url,
      description,
      events: options.input.events,
      secret: newSecret(),
      viaApi: options.viaApi,
      createdBy: options.userId,
    });
    await recordAudit(trx, {
      companyId: options.companyId,
      origin: options.origin,
      action: 'webhook.created',
      target: { type: 'webhook', id: created, label: url },
      details: { description, events: options.input.events },
    });
    return created;
  });
  return readEndpoint(ctx, options.companyId, id);
}

export async function readEndpoint(
  ctx: AppContext,
  companyId: number,
  id: number,
): Promise<WebhookEndpointDetail> {
  const row = await findEndpoint(ctx.db, companyId, id);
  if (!row) throw notFound('This webhook endpoint');
  return { ...toEndpoint(row), secret: row.secret };
}

/** Switching an endpoint on again forgets the failures that switched it off. */
export async function changeEndpoint(
  ctx: AppContext,
  options: {
    companyId: number;
    id: number;
    input: WebhookEndpointUpdate;
    origin: RequestOrigin;
  },
): Promise<WebhookEndpointDetail> {
  const { companyId, id, input, origin } = options;
  const { enabled, events, description } = input;
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findEndpoint(trx, companyId, id);
    if (!before) throw notFound('This webhook endpoint');
    await updateEndpoint(trx, {
      companyId,
      id,
      values: {
        ...(enabled === undefined
          ? {}
          : { enabled, disabled_reason: null, failing_since: null }),
        ...(events ? { events } : {}),
        ...(description === undefined ? {} : { description }),
      },
    });
    const changes = changedFields(
      {
        enabled: before.enabled,
        events: before.events,
        description: before.description,
      },
      { enabled, events, description },
    );
    if (Object.keys(changes).length === 0) return;
    await recordAudit(trx, {
      companyId,
      origin,
      action: 'webhook.updated',
      target: { type: 'webhook', id, label: before.url },
      details: changes,
    });
  });
  return readEndpoint(ctx, companyId, id);
}

export async function removeEndpoint(
  ctx: AppContext,
  options: { companyId: number; id: number; origin: RequestOrigin },
): Promise<void> {
  const { companyId, id, origin } = options;
  await ctx.db.transaction().execute(async (trx) => {
    const endpoint = await findEndpoint(trx, companyId, id);
    if (!endpoint || !(await deleteEndpoint(trx, companyId, id)))
      throw notFound('This webhook endpoint');
    await recordAudit(trx, {
      companyId,
      origin,
      action: 'webhook.deleted',
      target: { type: 'webhook', id, label: endpoint.url },
      details: { events: endpoint.events },
    });
  });
}

/** Sends a logged delivery again, as a new line of the log with the same webhook-id. */
export async function redeliver(
  ctx: AppContext,
  options: { companyId: number; endpointId: number; deliveryId: number },
): Promise<WebhookDelivery> {
  const id = await copyDelivery(ctx.db, options);
  if (id === undefined) throw notFound('This delivery');
  const row = await findDelivery(ctx.db, { ...options, deliveryId: id });
  if (!row) throw notFound('This delivery');
  return toDelivery(row);
}
