import { z } from '../zod';
import { API_KEY_SCOPES } from '../api-keys/api-key-scope';

/** POST /api/companies/{shortname}/api-keys */
export const apiKeyCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the key a name')
    .max(100, 'Use 100 characters or fewer'),
  scope: z.enum(API_KEY_SCOPES),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** One key as its company's admins see it: never its secret. */
export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The first characters of the secret, to tell keys apart. */
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** Null once the admin who created it is no longer in the company's records. */
  created_by: z.object({ full_name: z.string() }).nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The reply to a creation: the only time the secret is sent. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListSchema = z.object({ results: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** One request made with a key (the newest first). */
export const apiKeyRequestSchema = z.object({
  id: z.string(),
  at: z.string(),
  method: z.string(),
  /** The route's pattern (`/api/jobs/:id`), not the path: ids are not kept in the log. */
  route: z.string(),
  status: z.number(),
  duration_ms: z.number(),
  key: z.object({ id: z.number(), name: z.string(), prefix: z.string() }),
});
export type ApiKeyRequest = z.infer<typeof apiKeyRequestSchema>;

export const apiKeyRequestListSchema = z.object({
  results: z.array(apiKeyRequestSchema),
});
export type ApiKeyRequestList = z.infer<typeof apiKeyRequestListSchema>;
