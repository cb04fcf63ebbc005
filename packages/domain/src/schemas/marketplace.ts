import { z } from '../zod';
import { pageQuerySchema } from './paged';

/** Images a company may pick instead of uploading its own (served by the API as SVG). */
export const MARKETPLACE_STOCK_IMAGES = [
  { id: 'office', name: 'Office' },
  { id: 'hospitality', name: 'Hospitality' },
  { id: 'retail', name: 'Retail' },
  { id: 'engineering', name: 'Engineering' },
  { id: 'healthcare', name: 'Healthcare' },
  { id: 'graduate', name: 'Graduate' },
] as const;
export type MarketplaceStockImageId =
  (typeof MARKETPLACE_STOCK_IMAGES)[number]['id'];
export const MARKETPLACE_IMAGE_LIMIT_BYTES = 2 * 1024 * 1024;

const stockImageIds = MARKETPLACE_STOCK_IMAGES.map((image) => image.id) as [
  MarketplaceStockImageId,
  ...MarketplaceStockImageId[],
];

export const marketplaceStockImageSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
});

/** One interview as the marketplace shows it, and as /manage-marketplace edits it. */
export const marketplaceJobSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(['Draft', 'Published', 'Archived']),
  shortcode: z.string(),
  deadline: z.string().nullable(),
  company_name: z.string(),
  marketplace_title: z.string(),
  marketplace_description: z.string(),
  marketplace_details: z.string(),
  marketplace_featured: z.boolean(),
  marketplace_image: z.string().nullable(),
  marketplace_stock_image: z.string(),
  marketplace_order: z.number(),
  marketplace_public: z.boolean(),
});
export type MarketplaceJob = z.infer<typeof marketplaceJobSchema>;

const booleanField = z.union([
  z.boolean(),
  z
    .enum(['true', 'false', 'on', '1', '0'])
    .transform((value) => ['true', 'on', '1'].includes(value)),
]);

/** POST /api/jobs/{id}/marketplace: every field optional, as JSON or multipart fields. */
export const marketplaceUpdateSchema = z
  .object({
    marketplace_title: z.string().trim().max(120),
    marketplace_description: z.string().trim().max(500),
    marketplace_details: z.string().trim().max(5000),
    marketplace_featured: booleanField,
    marketplace_order: z.coerce.number().int().min(-1_000_000).max(1_000_000),
    marketplace_public: booleanField,
    marketplace_stock_image: z.enum(stockImageIds).or(z.literal('')),
    /** Sending true removes an uploaded image (the stock image, if any, shows instead). */
    remove_marketplace_image: booleanField,
  })
  .partial();
export type MarketplaceUpdate = z.input<typeof marketplaceUpdateSchema>;

export const MARKETPLACE_ORDERINGS = [
  '-marketplace_order',
  'marketplace_order',
  '-created_at',
  'title',
] as const;

export const marketplaceQuerySchema = pageQuerySchema.extend({
  page_size: z.coerce.number().int().min(1).max(60).default(6),
  ordering: z.enum(MARKETPLACE_ORDERINGS).default('-marketplace_order'),
});

export const marketplaceBrandSchema = z.object({
  shortname: z.string(),
  brand: z.string(),
  name: z.string(),
  intro: z.string(),
  logo: z.string().nullable(),
  brand_color: z.string().nullable(),
});
export type MarketplaceBrand = z.infer<typeof marketplaceBrandSchema>;

/** The spec's marketplace response: featured interviews apart, the rest paged. */
export const marketplaceReplySchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  brand: marketplaceBrandSchema,
  stock_images: z.array(marketplaceStockImageSchema),
  featured: z.array(marketplaceJobSchema),
  results: z.array(marketplaceJobSchema),
});
export type MarketplaceReply = z.infer<typeof marketplaceReplySchema>;

export const marketplaceSettingsSchema = z.object({
  marketplace_brand: z.string(),
  marketplace_intro: z.string(),
  /** Where the public page lives, e.g. /marketplace/acme. */
  public_path: z.string(),
  stock_images: z.array(marketplaceStockImageSchema),
});
export type MarketplaceSettings = z.infer<typeof marketplaceSettingsSchema>;

export const marketplaceSettingsUpdateSchema = z.object({
  marketplace_brand: z
    .string()
    .trim()
    .toLowerCase()
    .min(2, 'Use at least 2 characters')
    .max(50)
    .regex(
      /^[a-z0-9][a-z0-9-]*$/,
      'Use lower-case letters, digits and hyphens only',
    ),
  marketplace_intro: z.string().trim().max(1000).default(''),
});
export type MarketplaceSettingsUpdate = z.input<
  typeof marketplaceSettingsUpdateSchema
>;

export function marketplaceTitle(
  job: Pick<MarketplaceJob, 'marketplace_title' | 'title'>,
): string {
  return job.marketplace_title.trim() || job.title;
}
