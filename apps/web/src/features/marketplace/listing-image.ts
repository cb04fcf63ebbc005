import type { MarketplaceJob } from '@candor/domain';

/** The picture of a listing: its uploaded image, else its stock image, else none. */
export function listingImage(
  job: Pick<MarketplaceJob, 'marketplace_image' | 'marketplace_stock_image'>,
): string | null {
  if (job.marketplace_image) return job.marketplace_image;
  return job.marketplace_stock_image
    ? `/media/marketplace-stock/${job.marketplace_stock_image}.svg`
    : null;
}
