import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** A company's webhook endpoint (migration 20261128020000_webhooks). */
export type WebhookEndpointsTable = {
  id: Generated<number>;
  company_id: number;
  url: string;
  description: Generated<string>;
  /** The event types it receives, a JSON array of strings. */
  events: ColumnType<string[], string, string>;
  /** The Standard Webhooks secret, `whsec_` and base64. */
  secret: string;
  enabled: Generated<boolean>;
  disabled_reason: string | null;
  failing_since: Timestamp | null;
  via_api: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint, and how its latest attempt went. */
export type WebhookDeliveriesTable = {
  id: Generated<string>;
  endpoint_id: number;
  company_id: number;
  event: string;
  order_key: string;
  /** The interviewee an application event is about, so their erasure deletes it. */
  application_id: number | null;
  message_id: string;
  payload: string;
  status: ColumnType<
    WebhookDeliveryStatus,
    WebhookDeliveryStatus | undefined,
    WebhookDeliveryStatus
  >;
  attempts: Generated<number>;
  next_attempt_at: CreatedAt;
  locked_until: Timestamp | null;
  claim_token: string | null;
  last_attempt_at: Timestamp | null;
  response_status: number | null;
  response_ms: number | null;
  response_excerpt: string | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: CreatedAt;
};

export type WebhookTables = {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
};
