import { z } from '../zod';
import { newPasswordSchema } from '../accounts/passwords';
import { pagedSchema } from './paged';

export const MEMBER_ROLES = ['admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MEMBER_STATUSES = ['active', 'invited'] as const;

/** One person of the company's team (GET /api/companies/{shortname}/members). */
export const memberSchema = z.object({
  /**
   * The membership's id, the id of PATCH and DELETE …/members/{id}. Not the user id: its age
   * would tell whether an invited address already had an account (decision 119).
   */
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  status: z.enum(MEMBER_STATUSES),
  /** Only of this company's own members; null for an invited person. */
  last_sign_in_at: z.string().nullable(),
  invited_at: z.string().nullable(),
  /** The caller's own membership. */
  is_you: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/** A page of the team, and whether the caller may change it (admins only). */
export const memberListSchema = pagedSchema(memberSchema).extend({
  can_manage: z.boolean(),
});
export type MemberList = z.infer<typeof memberListSchema>;

export const membersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});

export const memberInviteSchema = z.object({
  email: z.email('Enter a valid e-mail address').max(254),
  first_name: z.string().trim().min(1, 'First name is required').max(100),
  last_name: z.string().trim().min(1, 'Last name is required').max(100),
  role: z.enum(MEMBER_ROLES),
});
export type MemberInvite = z.infer<typeof memberInviteSchema>;

export const memberUpdateSchema = z.object({ role: z.enum(MEMBER_ROLES) });
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

/** GET /api/join/{token}: what the invitation page shows. */
export const joinInvitationSchema = z.object({
  company_name: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** An account already uses the address: its owner signs in and accepts. */
  needs_sign_in: z.boolean(),
  /** The caller is signed in as that account, and may accept at once. */
  signed_in_as_invitee: z.boolean(),
});
export type JoinInvitation = z.infer<typeof joinInvitationSchema>;

/**
 * POST /api/join/{token}: a new person gives their name and password; a signed-in owner of
 * the invited address sends an empty body.
 */
export const joinAcceptSchema = z.object({
  first_name: z
    .string()
    .trim()
    .min(1, 'First name is required')
    .max(100)
    .optional(),
  last_name: z
    .string()
    .trim()
    .min(1, 'Last name is required')
    .max(100)
    .optional(),
  password: newPasswordSchema.optional(),
});
export type JoinAccept = z.infer<typeof joinAcceptSchema>;
