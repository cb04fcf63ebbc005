import type { ColumnType, Generated } from 'kysely';
import type { EmailType } from '../../db/schema';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type DefaultEmailsTable = {
  company_id: number;
  type: EmailType;
  subject: Generated<string>;
  body_text: string;
  from_name: Generated<string>;
  reply_to_email: Generated<string>;
  promote_practice: Generated<boolean>;
  updated_at: CreatedAt;
};

export type EmailTables = {
  default_emails: DefaultEmailsTable;
};
