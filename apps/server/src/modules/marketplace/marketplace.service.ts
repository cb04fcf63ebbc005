import {
  MARKETPLACE_STOCK_IMAGES,
  marketplaceUpdateSchema,
  type MarketplaceJob,
  type MarketplaceSettings,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Company } from '../../db/schema';
import { sniffImageType } from '../../platform/files/sniff';
import { AppError, fieldError } from '../../platform/http/errors';
import { emit } from '../../platform/events/emit';
import {
  findCompanyUsingBrand,
  findMarketplaceJob,
  updateCompanyMarketplace,
  updateJobMarketplace,
  type MarketplaceJobRow,
} from './marketplace.repository';

export const stockImageUrl = (id: string) =>
  `/media/marketplace-stock/${id}.svg`;

export function stockImages() {
  return MARKETPLACE_STOCK_IMAGES.map((image) => ({
    ...image,
    url: stockImageUrl(image.id),
  }));
}

/** The public image path, busted by the upload time kept in the key. */
export function marketplaceImageUrl(job: {
  id: number;
  marketplace_image_key: string | null;
}): string | null {
  if (!job.marketplace_image_key) return null;
  const version = /image-(\d+)\./.exec(job.marketplace_image_key)?.[1] ?? '0';
  return `/media/marketplace/${job.id}?v=${version}`;
}

export function toMarketplaceJob(row: MarketplaceJobRow): MarketplaceJob {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    shortcode: row.shortcode,
    deadline: row.deadline ? new Date(row.deadline).toISOString() : null,
    company_name: row.company_name,
    marketplace_title: row.marketplace_title,
    marketplace_description: row.marketplace_description,
    marketplace_details: row.marketplace_details,
    marketplace_featured: row.marketplace_featured,
    marketplace_image: marketplaceImageUrl(row),
    marketplace_stock_image: row.marketplace_stock_image,
    marketplace_order: row.marketplace_order,
    marketplace_public: row.marketplace_public,
  };
}

/**
 * Changes one interview's marketplace listing. The image (multipart) is checked by its
 * bytes, never by its name or declared type.
 */
export async function updateMarketplaceListing(
  ctx: AppContext,
  options: {
    companyId: number;
    jobId: number;
    userId: number;
    input: unknown;
    image?: Buffer | undefined;
  },
): Promise<MarketplaceJob> {
  const parsed = marketplaceUpdateSchema.safeParse(options.input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(
      String(issue?.path[0] ?? 'body'),
      issue?.message ?? 'The listing is not valid.',
    );
  }
  const { remove_marketplace_image: removeImage, ...fields } = parsed.data;
  const before = await findMarketplaceJob(ctx.db, options.jobId);
  const values: Parameters<typeof updateJobMarketplace>[2] = { ...fields };
  const staleKeys: string[] = [];
  if (options.image) {
    const type = sniffImageType(options.image);
    if (!type)
      throw fieldError(
        'marketplace_image',
        'The image must be a PNG, JPEG, GIF or WebP file.',
      );
    const key = `marketplace/${options.jobId}/image-${Date.now()}.${type}`;
    await ctx.storage.put(
      key,
      options.image,
      `image/${type === 'jpg' ? 'jpeg' : type}`,
    );
    values.marketplace_image_key = key;
    if (before.marketplace_image_key)
      staleKeys.push(before.marketplace_image_key);
  } else if (removeImage && before.marketplace_image_key) {
    values.marketplace_image_key = null;
    staleKeys.push(before.marketplace_image_key);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await updateJobMarketplace(trx, options.jobId, values);
    if (
      fields.marketplace_public !== undefined &&
      fields.marketplace_public !== before.marketplace_public
    ) {
      await emit(trx, {
        companyId: options.companyId,
        jobId: options.jobId,
        userId: options.userId,
        type: fields.marketplace_public
          ? 'marketplace.listed'
          : 'marketplace.unlisted',
        data: { title: before.title },
      });
    }
  });
  await Promise.all(staleKeys.map((key) => ctx.storage.delete(key)));
  return toMarketplaceJob(await findMarketplaceJob(ctx.db, options.jobId));
}

export function publicPathFor(
  company: Pick<Company, 'marketplace_brand' | 'shortname'>,
): string {
  return `/marketplace/${company.marketplace_brand || company.shortname}`;
}

export function toMarketplaceSettings(company: Company): MarketplaceSettings {
  return {
    marketplace_brand: company.marketplace_brand || company.shortname,
    marketplace_intro: company.marketplace_intro,
    public_path: publicPathFor(company),
    stock_images: stockImages(),
  };
}

/** A brand name is a public address: it may not be another company's brand or shortname. */
export async function saveMarketplaceSettings(
  ctx: AppContext,
  company: Company,
  input: { marketplace_brand: string; marketplace_intro: string },
): Promise<void> {
  const taken = await findCompanyUsingBrand(
    ctx.db,
    input.marketplace_brand,
    company.id,
  );
  if (taken) {
    throw new AppError(
      'conflict',
      'This brand name is already in use. Choose another one.',
      {
        marketplace_brand: [
          'This brand name is already in use. Choose another one.',
        ],
      },
    );
  }
  await updateCompanyMarketplace(ctx.db, company.id, {
    marketplace_brand: input.marketplace_brand,
    marketplace_intro: input.marketplace_intro,
  });
}
