import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type AttachmentsTable = {
  id: Generated<number>;
  job_id: number;
  filename: string;
  content_type: string;
  size: number;
  storage_key: string;
  created_at: CreatedAt;
};

export type AttachmentTables = {
  attachments: AttachmentsTable;
};
