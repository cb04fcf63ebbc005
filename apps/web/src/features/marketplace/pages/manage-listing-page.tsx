import { zodResolver } from '@hookform/resolvers/zod';
import {
  MARKETPLACE_IMAGE_LIMIT_BYTES,
  MARKETPLACE_STOCK_IMAGES,
  marketplaceUpdateSchema,
  type MarketplaceJob,
  type MarketplaceStockImageId,
} from '@candor/domain';
import { ArrowLeft, ImageUp } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import {
  Checkbox,
  FormError,
  Input,
  Textarea,
} from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { SettingsSection } from '../../../components/settings-section';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/toast';
import { cn } from '../../../lib/cn';
import { useErrorText } from '../../../lib/error-text';
import { formErrorText, showFieldErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useListing } from '../api/get-listing';
import { useUpdateListing } from '../api/update-listing';

const FIELDS = [
  'marketplace_title',
  'marketplace_description',
  'marketplace_details',
  'marketplace_public',
  'marketplace_featured',
  'marketplace_order',
  'marketplace_stock_image',
] as const;

export default function ManageListingPage() {
  const { t } = useTranslation('marketplace');
  usePageTitle(t('listing.title'));
  const jobId = Number(useParams().job);
  const listing = useListing(jobId);
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        eyebrow={
          <Link
            to={paths.manageMarketplace}
            className="inline-flex items-center gap-1 hover:text-ink"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {t('listing.back')}
          </Link>
        }
        title={listing.data ? listing.data.title : t('listing.title')}
      />
      {listing.data ? (
        <ListingForm key={listing.data.id} listing={listing.data} />
      ) : listing.isError ? (
        <FormError>{listing.error.message}</FormError>
      ) : (
        <Skeleton className="h-96" />
      )}
    </div>
  );
}

function ListingForm({ listing }: { listing: MarketplaceJob }) {
  const { t } = useTranslation('marketplace');
  const errorText = useErrorText();
  const update = useUpdateListing();
  const form = useForm<
    z.input<typeof marketplaceUpdateSchema>,
    unknown,
    z.output<typeof marketplaceUpdateSchema>
  >({
    resolver: zodResolver(marketplaceUpdateSchema),
    defaultValues: {
      marketplace_title: listing.marketplace_title,
      marketplace_description: listing.marketplace_description,
      marketplace_details: listing.marketplace_details,
      marketplace_public: listing.marketplace_public,
      marketplace_featured: listing.marketplace_featured,
      marketplace_order: listing.marketplace_order,
      marketplace_stock_image: asStockImage(listing.marketplace_stock_image),
    },
  });
  const { errors } = form.formState;
  const stockImage = useWatch({
    control: form.control,
    name: 'marketplace_stock_image',
  });
  // The file goes beside the fields (multipart), so it is kept apart from them.
  const [image, setImage] = useState<File | undefined>();
  const [imageError, setImageError] = useState<string | null>(null);
  const upload = useMemo(
    () => (image ? URL.createObjectURL(image) : null),
    [image],
  );
  useEffect(
    () => () => {
      if (upload) URL.revokeObjectURL(upload);
    },
    [upload],
  );
  const preview = upload ?? listing.marketplace_image;

  const submit = form.handleSubmit((changes) =>
    update.mutate(
      { jobId: listing.id, changes, image },
      {
        onSuccess: () => {
          setImage(undefined);
          toast.success(t('listing.saved'));
        },
        onError: showFieldErrors(form.setError, FIELDS),
      },
    ),
  );
  const formError = formErrorText(update.error, FIELDS);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {formError && (
        <div className="mb-6">
          <FormError>{errorText(formError)}</FormError>
        </div>
      )}
      <SettingsSection
        title={t('listing.details')}
        description={t('listing.detailsDescription')}
      >
        <Input
          label={t('listing.listingTitle')}
          hint={t('listing.listingTitleHint')}
          placeholder={listing.title}
          maxLength={120}
          error={errorText(errors.marketplace_title?.message)}
          {...form.register('marketplace_title')}
        />
        <Textarea
          label={t('listing.shortDescription')}
          rows={3}
          maxLength={500}
          error={errorText(errors.marketplace_description?.message)}
          {...form.register('marketplace_description')}
        />
        <Textarea
          label={t('listing.moreDetails')}
          hint={t('listing.moreDetailsHint')}
          rows={4}
          maxLength={5000}
          error={errorText(errors.marketplace_details?.message)}
          {...form.register('marketplace_details')}
        />
      </SettingsSection>
      <SettingsSection
        title={t('listing.visibility')}
        description={t('listing.visibilityDescription')}
      >
        <Checkbox
          label={t('listing.public')}
          {...form.register('marketplace_public')}
        />
        <Checkbox
          label={t('listing.featured')}
          {...form.register('marketplace_featured')}
        />
        <Input
          label={t('listing.order')}
          hint={t('listing.orderHint')}
          type="number"
          className="max-w-40"
          error={errorText(errors.marketplace_order?.message)}
          {...form.register('marketplace_order', {
            // An emptied box means the default place.
            setValueAs: (value: string) => Number(value) || 0,
          })}
        />
      </SettingsSection>
      <SettingsSection
        title={t('listing.image')}
        description={t('listing.imageDescription')}
      >
        <div className="flex flex-wrap items-center gap-4">
          <div className="relative aspect-[4/3] w-40 overflow-hidden rounded-lg border border-border bg-slate-100">
            {(preview ?? stockImage) && (
              <img
                src={preview ?? `/media/marketplace-stock/${stockImage}.svg`}
                alt=""
                className="absolute inset-0 size-full object-cover"
              />
            )}
          </div>
          <div className="space-y-2">
            <label className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-border bg-surface px-4 text-sm font-medium text-ink shadow-sm hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600">
              <ImageUp className="size-4" aria-hidden />
              {t('listing.upload')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                className="sr-only"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  setImageError(null);
                  if (file && file.size > MARKETPLACE_IMAGE_LIMIT_BYTES) {
                    setImageError(t('listing.imageHint'));
                    return;
                  }
                  setImage(file);
                }}
              />
            </label>
            <p
              className={cn(
                'text-sm',
                imageError ? 'text-danger' : 'text-muted',
              )}
            >
              {imageError ?? t('listing.imageHint')}
            </p>
          </div>
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">
            {t('listing.stockImages')}
          </legend>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {[
              { id: '' as const, name: t('listing.noStock') },
              ...MARKETPLACE_STOCK_IMAGES,
            ].map((stock) => (
              <label
                key={stock.id || 'none'}
                className={cn(
                  'cursor-pointer overflow-hidden rounded-lg border-2 text-center text-xs text-muted',
                  stockImage === stock.id
                    ? 'border-brand-700'
                    : 'border-transparent',
                )}
              >
                <input
                  type="radio"
                  value={stock.id}
                  className="sr-only"
                  {...form.register('marketplace_stock_image')}
                />
                {stock.id ? (
                  <img
                    src={`/media/marketplace-stock/${stock.id}.svg`}
                    alt=""
                    className="aspect-[4/3] w-full object-cover"
                  />
                ) : (
                  <span className="flex aspect-[4/3] w-full items-center justify-center bg-slate-100" />
                )}
                <span className="block py-1">{stock.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </SettingsSection>
      <div className="mt-6 flex justify-end gap-2">
        <Button asChild variant="secondary">
          <Link to={paths.manageMarketplace}>
            {t('actions.cancel', { ns: 'common' })}
          </Link>
        </Button>
        <Button type="submit" loading={update.isPending}>
          {t('actions.saveChanges', { ns: 'common' })}
        </Button>
      </div>
    </form>
  );
}

function asStockImage(id: string): MarketplaceStockImageId | '' {
  return MARKETPLACE_STOCK_IMAGES.find((image) => image.id === id)?.id ?? '';
}
