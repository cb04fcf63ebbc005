import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** The applicant tracking systems Candor connects to (decision 190). */
export type IntegrationProvider = 'greenhouse';

/** The key a company hands to its ATS (migration 20261207200000_greenhouse_integration). */
export type IntegrationKeysTable = {
  id: Generated<number>;
  company_id: number;
  provider: IntegrationProvider;
  /** The system user the ATS acts as when it adds and invites interviewees. */
  user_id: number;
  prefix: string;
  secret_hash: string;
  /** With the server's signing secret, derives the key again for the callbacks' Basic auth. */
  salt: string;
  send_ratings: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
};

/** One call the ATS made with a key. */
export type IntegrationCallsTable = {
  id: GeneratedAlways<string>;
  key_id: number;
  company_id: number;
  provider: IntegrationProvider;
  at: CreatedAt;
  endpoint: string;
  status: number;
};

export type IntegrationCallbackStatus = 'pending' | 'delivered' | 'failed';

/** The outbox of calls Candor makes to the ATS. */
export type IntegrationCallbacksTable = {
  id: GeneratedAlways<string>;
  key_id: number;
  company_id: number;
  application_id: number | null;
  method: string;
  url: string;
  payload: string;
  status: ColumnType<
    IntegrationCallbackStatus,
    IntegrationCallbackStatus | undefined,
    IntegrationCallbackStatus
  >;
  attempts: Generated<number>;
  next_attempt_at: CreatedAt;
  locked_until: Timestamp | null;
  claim_token: string | null;
  last_attempt_at: Timestamp | null;
  response_status: number | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: CreatedAt;
};

export type IntegrationTables = {
  integration_keys: IntegrationKeysTable;
  integration_calls: IntegrationCallsTable;
  integration_callbacks: IntegrationCallbacksTable;
};
