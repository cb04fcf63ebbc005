import { z } from '../zod';
import { LOCALES } from '../product';

export const loginBodySchema = z.object({
  username: z.string().trim().min(1, 'Enter your e-mail address'),
  password: z.string().min(1, 'Enter your password'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginStatusSchema = z.object({
  status: z.enum(['OK', 'Logged in', 'Not logged in']),
});

export const checkProviderBodySchema = z.object({
  username: z.string().trim().min(1),
});
export const checkProviderReplySchema = z.object({
  provider: z.enum(['password', 'sso']),
  sso_url: z.string().nullable(),
});

export const currentCompanySchema = z.object({
  id: z.number(),
  shortname: z.string(),
  name: z.string(),
  support_email: z.string(),
  sms_enabled: z.boolean(),
  account_message: z.string(),
  account_message_style: z.number().int().min(0).max(1),
  logo: z.string().nullable(),
  /** An admin of it: the pages only admins may use (API keys) are offered to them alone. */
  is_admin: z.boolean(),
});
export type CurrentCompany = z.infer<typeof currentCompanySchema>;

export const currentUserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
  current_company: currentCompanySchema.nullable(),
  company_count: z.number().int(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
