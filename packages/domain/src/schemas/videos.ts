import { z } from '../zod';
import { pageQuerySchema } from './paged';

/** The shortname under which every company user reads the shared stock videos. */
export const STOCK_VIDEOS_SHORTNAME = 'commonvideos';
/** The largest original a browser may upload into the library. */
export const VIDEO_UPLOAD_LIMIT_BYTES = 500 * 1024 * 1024;

export const videoSchema = z.object({
  id: z.number(),
  filename: z.string(),
  description: z.string(),
  category: z.string(),
  uuid: z.string(),
  bucket: z.string(),
  uploaded_at: z.string().nullable(),
  thumbnail: z.string().nullable(),
  url: z.string().nullable(),
  uploading: z.boolean(),
  transcoded_at: z.string().nullable(),
  /** Why processing gave up (not a video, unreadable); null while fine. */
  failed_reason: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  is_stock: z.boolean(),
});
export type Video = z.infer<typeof videoSchema>;

export const videoListQuerySchema = pageQuerySchema.extend({
  page_size: z.coerce.number().int().min(1).max(100).default(50),
  category: z.string().trim().max(60).optional(),
});
export type VideoListQuery = z.infer<typeof videoListQuerySchema>;

export const videoCategoriesQuerySchema = z.object({
  category: z.string().trim().max(60).optional(),
});
export const videoCategoriesSchema = z.array(z.string());

export const videoCreateSchema = z.object({
  filename: z.string().trim().min(1, 'Choose a video file').max(255),
  description: z.string().trim().max(200).default(''),
  category: z.string().trim().max(60).default(''),
});
export type VideoCreate = z.infer<typeof videoCreateSchema>;

export const videoUpdateSchema = z
  .object({
    description: z.string().trim().min(1, 'Give the video a title').max(200),
    category: z.string().trim().max(60),
    uploaded_at: z.iso.datetime({ offset: true }),
  })
  .partial();
export type VideoUpdate = z.infer<typeof videoUpdateSchema>;

export const videoSignatureRequestSchema = z.object({
  id: z.number().int(),
  content_type: z
    .string()
    .trim()
    .regex(/^video\/[\w.+-]+$/, 'Only video files can be uploaded'),
  size: z
    .number()
    .int()
    .positive()
    .max(VIDEO_UPLOAD_LIMIT_BYTES, 'The video must be 500 MB or smaller'),
  /** Base64 MD5 of the file: storage then refuses a body that arrives different. */
  content_md5: z
    .string()
    .regex(/^[A-Za-z0-9+/]{22}==$/, 'The file checksum is not a base64 MD5')
    .optional(),
});
export type VideoSignatureRequest = z.infer<typeof videoSignatureRequestSchema>;

export const videoSignatureSchema = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  key: z.string(),
  expires_in: z.number(),
});
export type VideoSignature = z.infer<typeof videoSignatureSchema>;
