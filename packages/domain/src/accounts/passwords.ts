import { z } from '../zod';

/**
 * The length rule every password meets (sign-up, reset, joining, account change). The server
 * also refuses passwords found in its dictionaries of common and breached ones
 * (apps/server/src/platform/auth/password-policy.ts): those lists are too large to ship here.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);
