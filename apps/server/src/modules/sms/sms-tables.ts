import type { SmsStatus } from '@candor/domain';
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A company's SMS settings besides `companies.sms_enabled` (migration 20261207100000). */
export type CompanySmsSettingsTable = {
  company_id: number;
  /** The alphanumeric sender shown on the phone; '' uses the company's name. */
  sender_name: Generated<string>;
  /** ISO 3166 country of numbers written without their country code. */
  default_country: Generated<string>;
  daily_cap: Generated<number>;
};

/** One text message, written in the transaction of the change that causes it. */
export type SmsOutboxTable = {
  id: Generated<string>;
  company_id: number;
  job_id: number | null;
  application_id: number | null;
  /** invitation, resend, reminder, extension. */
  kind: string;
  to_phone: string;
  sender: Generated<string>;
  body: string;
  /** `sending` between the claim's confirmation and the gateway's answer; shown as queued. */
  status: ColumnType<
    SmsStatus | 'sending',
    SmsStatus | undefined,
    SmsStatus | 'sending'
  >;
  /** Why it was not sent or not delivered; the gateway's words when it gave some. */
  reason: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  locked_until: Timestamp | null;
  claim_token: string | null;
  /** The gateway's id of each part, to match its delivery receipts. */
  gateway_ids: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  delivered_at: Timestamp | null;
};

/** Numbers that asked a company for no more texts: never texted by it again. */
export type SmsOptOutsTable = {
  company_id: number;
  phone: string;
  created_at: CreatedAt;
};

/** A company's own text for one kind (decision 194); without a row the default is sent. */
export type SmsTemplatesTable = {
  company_id: number;
  /** invitation, resend, reminder, extension. */
  kind: string;
  body_text: string;
  updated_at: CreatedAt;
};

export type SmsTables = {
  sms_templates: SmsTemplatesTable;
  company_sms_settings: CompanySmsSettingsTable;
  sms_outbox: SmsOutboxTable;
  sms_opt_outs: SmsOptOutsTable;
};
