import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type ApiKeyScope = 'read' | 'write';

/** A company's API key (migration 20261128010000_api_keys). */
export type ApiKeysTable = {
  id: Generated<number>;
  company_id: number;
  /** The system user the key acts as (decision 149). */
  user_id: number;
  name: string;
  scope: ApiKeyScope;
  /** The start of the secret, shown so a key can be told apart; not enough to use it. */
  prefix: string;
  secret_hash: string;
  created_by: number | null;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
};

/** One request made with a key. */
export type ApiKeyRequestsTable = {
  id: GeneratedAlways<string>;
  api_key_id: number;
  company_id: number;
  at: CreatedAt;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
};

export type ApiKeyTables = {
  api_keys: ApiKeysTable;
  api_key_requests: ApiKeyRequestsTable;
};
