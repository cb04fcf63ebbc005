import { z } from '../zod';
import { newPasswordSchema } from '../accounts/passwords';
import { LOCALES } from '../product';

export const accountSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  locale: z.enum(LOCALES),
  notify_new_responses: z.boolean(),
  notify_daily_summary: z.boolean(),
  /** A new address waiting for its owner to open the link sent to it; null when none. */
  pending_email: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountUpdateSchema = z
  .object({
    first_name: z.string().trim().min(1, 'First name is required').max(100),
    last_name: z.string().trim().min(1, 'Last name is required').max(100),
    email: z.email('Enter a valid e-mail address').max(254),
    locale: z.enum(LOCALES),
    notify_new_responses: z.boolean(),
    notify_daily_summary: z.boolean(),
    current_password: z.string().optional(),
    new_password: newPasswordSchema.optional().or(z.literal('')),
  })
  .refine((value) => !value.new_password || !!value.current_password, {
    path: ['current_password'],
    message: 'Enter your current password to set a new one',
  });
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

/** POST /api/confirm-email/{token}: the address the account now uses. */
export const emailConfirmedReplySchema = z.object({
  status: z.literal('OK'),
  email: z.string(),
});
export type EmailConfirmedReply = z.infer<typeof emailConfirmedReplySchema>;
