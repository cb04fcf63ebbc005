import { z } from '../zod';
import { WEBHOOK_EVENTS } from '../webhooks/webhook-rules';
import { pagedSchema } from './paged';

/** One webhook endpoint (GET /api/companies/{shortname}/webhooks). */
export const webhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why it was disabled by the system (a day of failures); null when an admin did it or it is on. */
  disabled_reason: z.string().nullable(),
  /** The first failure of a run of failures that has not ended yet. */
  failing_since: z.string().nullable(),
  /** Made through the API (a REST hook subscription, as Zapier makes). */
  via_api: z.boolean(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** One endpoint with its signing secret: only its company's admins read it. */
export const webhookEndpointDetailSchema = webhookEndpointSchema.extend({
  secret: z.string(),
});
export type WebhookEndpointDetail = z.infer<typeof webhookEndpointDetailSchema>;

export const webhookEndpointListSchema = z.object({
  results: z.array(webhookEndpointSchema),
});
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

const eventsField = z
  .array(z.enum(WEBHOOK_EVENTS, 'Choose events from the list'))
  .min(1, 'Choose at least one event')
  .transform((events) => [...new Set(events)]);

/** POST …/webhooks: register an endpoint (also the REST hook "subscribe"). */
export const webhookEndpointCreateSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'URL is required')
    .max(2000, 'The URL is too long'),
  events: eventsField,
  description: z.string().trim().max(200).default(''),
});
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreateSchema>;

/** PATCH …/webhooks/{id}: switch on or off, or change what it receives. */
export const webhookEndpointUpdateSchema = z.object({
  enabled: z.boolean().optional(),
  events: eventsField.optional(),
  description: z.string().trim().max(200).optional(),
});
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

export const WEBHOOK_DELIVERY_STATUSES = [
  'pending',
  'delivered',
  'failed',
] as const;

/** One line of an endpoint's delivery log: an event, and how its latest attempt went. */
export const webhookDeliverySchema = z.object({
  id: z.number(),
  event: z.enum(WEBHOOK_EVENTS),
  /** The `webhook-id` header: the same on every attempt and on a redelivery. */
  message_id: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  response_status: z.number().nullable(),
  response_ms: z.number().nullable(),
  /** The start of the response body (at most 4 KiB) or why there was none. */
  response_excerpt: z.string().nullable(),
  last_error: z.string().nullable(),
  payload: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = pagedSchema(webhookDeliverySchema);
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
