import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type ReviewerInvitesTable = {
  token_hash: string;
  reviewer_id: number;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

export type ReviewerInviteTables = {
  reviewer_invites: ReviewerInvitesTable;
};
