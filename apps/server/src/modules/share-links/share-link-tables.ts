import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** One interviewee shown to someone without an account (migration 20261128030000_share_links). */
export type ShareLinksTable = {
  id: Generated<number>;
  /** SHA-256 of the key in the link, hex: the key itself is shown once and never kept. */
  key_hash: string;
  company_id: number;
  job_id: number;
  application_id: number;
  created_by: number | null;
  include_ratings: Generated<boolean>;
  include_comments: Generated<boolean>;
  /** Only this address may view, after confirming a code; null: anyone holding the link. */
  email: string | null;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
  view_count: Generated<number>;
  last_viewed_at: Timestamp | null;
  created_at: CreatedAt;
};

/** A code e-mailed to the address a link is limited to, kept as its hash. */
export type ShareLinkCodesTable = {
  id: Generated<number>;
  share_link_id: number;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
};

export type ShareLinkTables = {
  share_links: ShareLinksTable;
  share_link_codes: ShareLinkCodesTable;
};
