import { z } from '../zod';
import { newPasswordSchema } from '../accounts/passwords';
import { LOCALES } from '../product';

const emailField = z.email('Enter a valid e-mail address').max(254);

/** POST /api/signup: a new company and its first admin, confirmed by an e-mailed link. */
export const signupBodySchema = z.object({
  company_name: z.string().trim().min(1, 'Company name is required').max(100),
  full_name: z.string().trim().min(1, 'Your name is required').max(200),
  email: emailField,
  password: newPasswordSchema,
  /** The language the page was shown in: the e-mails and the new account use it. */
  locale: z.enum(LOCALES).optional(),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

/**
 * The one reply of every request that e-mails a link to an address (sign-up, its resending, a
 * password reset): the same whether or not an account uses the address.
 */
export const linkSentReplySchema = z.object({ status: z.literal('link_sent') });
export type LinkSentReply = z.infer<typeof linkSentReplySchema>;

/** POST /api/signup/resend and POST /api/password-reset. */
export const emailOnlyBodySchema = z.object({ email: emailField });
export type EmailOnlyBody = z.infer<typeof emailOnlyBodySchema>;

/** POST /api/password-reset/{token}. */
export const passwordResetBodySchema = z.object({
  password: newPasswordSchema,
});
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** What a link's page may show before it is used: the address the link was sent to. */
export const accountLinkSchema = z.object({ email: z.string() });
export type AccountLink = z.infer<typeof accountLinkSchema>;

/** A link that signs its holder in once used (sign-up, reset, joining, e-mail change). */
export const signedInReplySchema = z.object({ status: z.literal('OK') });

/** The code of the 403 sign-in gives to an account that has not confirmed its address. */
export const EMAIL_NOT_CONFIRMED = 'email_not_confirmed';
