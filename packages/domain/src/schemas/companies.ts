import { z } from '../zod';
import {
  DATA_RETENTION_MESSAGE,
  DATA_RETENTION_MONTHS,
} from '../companies/data-retention';
import { brandColorSchema } from '../companies/brand-color';
import { surveyCategoriesSchema } from './fairness';
import { smsSettingsSchema, smsSettingsUpdateSchema } from './sms';

/** Months of the data retention setting; null keeps interviewee data until deleted. */
export const dataRetentionMonthsSchema = z
  .literal(DATA_RETENTION_MONTHS, { error: DATA_RETENTION_MESSAGE })
  .nullable();

export const companyListItemSchema = z.object({
  id: z.number(),
  shortname: z.string(),
  account_name: z.string(),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

export const companySettingsSchema = z.object({
  shortname: z.string(),
  name: z.string(),
  support_email: z.string(),
  account_message: z.string(),
  account_message_style: z.number().int().min(0).max(1),
  sms_enabled: z.boolean(),
  logo: z.string().nullable(),
  data_retention_months: dataRetentionMonthsSchema,
  /** The voluntary equal-opportunity survey after the last answer, and what it asks (issue 46). */
  survey_enabled: z.boolean(),
  survey_categories: surveyCategoriesSchema,
  /** The colour of the candidates' pages and e-mails, `#rrggbb`; null: Candor's (decision 198). */
  brand_color: z.string().nullable(),
  /** Texts beside the e-mails (issue 43): the sender, the numbers' default country, the cap. */
  ...smsSettingsSchema.shape,
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

export const companySettingsUpdateSchema = z.object({
  name: z.string().trim().min(1, 'Company name is required').max(120),
  support_email: z
    .email('Enter a valid e-mail address')
    .max(254)
    .or(z.literal('')),
  account_message: z.string().max(500),
  account_message_style: z.coerce.number().int().min(0).max(1),
  // Multipart forms send text: '' is "until deleted", digits are months. Absent: unchanged.
  data_retention_months: z
    .preprocess(
      (value) =>
        value === ''
          ? null
          : typeof value === 'string' && /^\d+$/.test(value)
            ? Number(value)
            : value,
      dataRetentionMonthsSchema,
    )
    .optional(),
  // Multipart forms send 'true'/'false' and a comma-separated list. Absent: unchanged.
  survey_enabled: z
    .preprocess(
      (value) => (value === 'true' ? true : value === 'false' ? false : value),
      z.boolean(),
    )
    .optional(),
  survey_categories: z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value.split(',').filter((part) => part !== '')
          : value,
      surveyCategoriesSchema,
    )
    .optional(),
  // '' (a form's empty field) or null goes back to Candor's colour. Absent: unchanged.
  brand_color: z
    .preprocess(
      (value) => (value === '' ? null : value),
      brandColorSchema.nullable(),
    )
    .optional(),
  // Admins only (the route checks): texts on or off, sender, default country, daily cap.
  ...smsSettingsUpdateSchema.shape,
});
export type CompanySettingsUpdate = z.infer<typeof companySettingsUpdateSchema>;

export const companyChangeReplySchema = z.object({
  status: z.literal('OK'),
  shortname: z.string(),
});
