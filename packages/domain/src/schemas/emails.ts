import { z } from '../zod';
import { EMAIL_TYPES } from '../emails/merge-tags';

export const emailTypeSchema = z.enum(EMAIL_TYPES);

/** A company's default e-mail of one type (spec section 3, "Default e-mail"), plus its subject. */
export const defaultEmailSchema = z.object({
  type: emailTypeSchema,
  subject: z.string(),
  body_text: z.string(),
  from_name: z.string(),
  reply_to_email: z.string(),
  promote_practice: z.boolean(),
  /** Sender names to choose from: the company name and active reviewers without system addresses. */
  sender_choices: z.array(z.string()),
  company_name: z.string(),
  company_logo: z.string().nullable(),
});
export type DefaultEmail = z.infer<typeof defaultEmailSchema>;

export const defaultEmailUpdateSchema = z.object({
  subject: z.string().trim().max(200).optional(),
  body_text: z.string().trim().min(1, 'Enter a message').max(50_000),
  from_name: z.string().trim().min(1, 'Choose a sender name').max(120),
  reply_to_email: z
    .email('Enter a valid email address')
    .max(254)
    .or(z.literal('')),
  promote_practice: z.coerce.boolean().default(false),
});
export type DefaultEmailUpdate = z.infer<typeof defaultEmailUpdateSchema>;

/** The development mailbox: e-mails written to files when the server has no SMTP_URL. */
export const devMailListSchema = z.object({
  results: z.array(
    z.object({
      name: z.string(),
      size: z.number(),
      created_at: z.string(),
      to: z.string(),
      subject: z.string(),
    }),
  ),
});
export type DevMailList = z.infer<typeof devMailListSchema>;
