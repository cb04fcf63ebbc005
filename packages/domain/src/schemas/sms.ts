import { z } from '../zod';
import { SMS_DAILY_CAP_DEFAULT } from '../sms/sms-limits';
import {
  SMS_TEMPLATE_MAX_LENGTH,
  SMS_TEMPLATE_MAX_PARTS,
} from '../sms/sms-template';

/** One text of an application (GET /api/jobs/{job}/applications/{application}/texts). */
export const smsTextSchema = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  body: z.string(),
  status: z.enum(['queued', 'sent', 'delivered', 'failed']),
  reason: z.string(),
  created_at: z.string(),
});
export type SmsText = z.infer<typeof smsTextSchema>;

/** A company's SMS settings as GET/POST /api/settings carries them. */
export const smsSettingsSchema = z.object({
  sms_sender_name: z.string(),
  sms_default_country: z.string(),
  sms_daily_cap: z.number().int(),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;

export const SMS_SETTINGS_DEFAULTS: SmsSettings = {
  sms_sender_name: '',
  sms_default_country: 'GB',
  sms_daily_cap: SMS_DAILY_CAP_DEFAULT,
};

const formBoolean = (value: unknown) =>
  value === 'true' ? true : value === 'false' ? false : value;

/** The SMS fields of POST /api/settings: each optional, absent is unchanged. */
export const smsSettingsUpdateSchema = z.object({
  sms_enabled: z.preprocess(formBoolean, z.boolean()).optional(),
  // An alphanumeric sender ID: at most 11 letters, digits and spaces (3GPP TS 23.040).
  sms_sender_name: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9 ]{0,11}$/,
      'The sender name has at most 11 letters, digits and spaces',
    )
    .optional(),
  sms_default_country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose a country')
    .optional(),
  sms_daily_cap: z.coerce
    .number()
    .int('The daily limit is a whole number')
    .min(0)
    .max(1_000_000)
    .optional(),
});
export type SmsSettingsUpdate = z.infer<typeof smsSettingsUpdateSchema>;

/** GET /api/dev/sms: the company's texts where no gateway is set (development only). */
export const devSmsListSchema = z.object({
  results: z.array(
    z.object({
      id: z.number(),
      to: z.string(),
      body: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type DevSmsList = z.infer<typeof devSmsListSchema>;

export const smsKindSchema = z.enum([
  'invitation',
  'resend',
  'reminder',
  'extension',
]);

/** A company's text template: GET/PUT/DELETE /api/companies/{shortname}/{kind}-sms. */
export const smsTemplateSchema = z.object({
  kind: smsKindSchema,
  body_text: z.string(),
  /** No template saved: texts use the default, in each interview's language. */
  is_default: z.boolean(),
  /** The default in the editor's language, to start again from. */
  default_text: z.string(),
  organisation_name: z.string(),
  /** What every text ends with, as the company's texts would have it: its sample link… */
  interview_link: z.string(),
  /** …and its stop link, or 'reply' where the provider takes STOP replies. */
  stop_link: z.string(),
});
export type SmsTemplate = z.infer<typeof smsTemplateSchema>;

export const smsTemplateUpdateSchema = z.object({
  body_text: z
    .string()
    .max(
      SMS_TEMPLATE_MAX_LENGTH,
      `A text may take at most ${SMS_TEMPLATE_MAX_PARTS} parts: shorten the message.`,
    ),
});
export type SmsTemplateUpdate = z.infer<typeof smsTemplateUpdateSchema>;
