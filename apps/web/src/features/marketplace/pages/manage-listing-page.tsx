import {
  MARKETPLACE_IMAGE_LIMIT_BYTES,
  MARKETPLACE_STOCK_IMAGES,
  type MarketplaceJob,
  type MarketplaceStockImageId,
} from '@candor/domain';
import { ArrowLeft, ImageUp } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useListing } from '../api/get-listing';
import { useUpdateListing } from '../api/update-listing';

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
  const [values, setValues] = useState({
    marketplace_title: listing.marketplace_title,
    marketplace_description: listing.marketplace_description,
    marketplace_details: listing.marketplace_details,
    marketplace_public: listing.marketplace_public,
    marketplace_featured: listing.marketplace_featured,
    marketplace_order: listing.marketplace_order,
    marketplace_stock_image: asStockImage(listing.marketplace_stock_image),
  });
  const [image, setImage] = useState<File | undefined>();
  const [imageError, setImageError] = useState<string | null>(null);
  const set = <K extends keyof typeof values>(
    key: K,
    value: (typeof values)[K],
  ) => setValues((current) => ({ ...current, [key]: value }));
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { jobId: listing.id, changes: values, image },
      {
        onSuccess: () => {
          setImage(undefined);
          toast.success(t('listing.saved'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      {update.error && (
        <div className="mb-6">
          <FormError>{errorText(update.error.message)}</FormError>
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
          value={values.marketplace_title}
          onChange={(event) => set('marketplace_title', event.target.value)}
        />
        <Textarea
          label={t('listing.shortDescription')}
          rows={3}
          maxLength={500}
          value={values.marketplace_description}
          onChange={(event) =>
            set('marketplace_description', event.target.value)
          }
        />
        <Textarea
          label={t('listing.moreDetails')}
          hint={t('listing.moreDetailsHint')}
          rows={4}
          maxLength={5000}
          value={values.marketplace_details}
          onChange={(event) => set('marketplace_details', event.target.value)}
        />
      </SettingsSection>
      <SettingsSection
        title={t('listing.visibility')}
        description={t('listing.visibilityDescription')}
      >
        <Checkbox
          label={t('listing.public')}
          checked={values.marketplace_public}
          onChange={(event) => set('marketplace_public', event.target.checked)}
        />
        <Checkbox
          label={t('listing.featured')}
          checked={values.marketplace_featured}
          onChange={(event) =>
            set('marketplace_featured', event.target.checked)
          }
        />
        <Input
          label={t('listing.order')}
          hint={t('listing.orderHint')}
          type="number"
          className="max-w-40"
          value={String(values.marketplace_order)}
          onChange={(event) =>
            set('marketplace_order', Number(event.target.value) || 0)
          }
        />
      </SettingsSection>
      <SettingsSection
        title={t('listing.image')}
        description={t('listing.imageDescription')}
      >
        <div className="flex flex-wrap items-center gap-4">
          <div className="relative aspect-[4/3] w-40 overflow-hidden rounded-lg border border-border bg-slate-100">
            {(preview ?? values.marketplace_stock_image) && (
              <img
                src={
                  preview ??
                  `/media/marketplace-stock/${values.marketplace_stock_image}.svg`
                }
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
                  values.marketplace_stock_image === stock.id
                    ? 'border-brand-700'
                    : 'border-transparent',
                )}
              >
                <input
                  type="radio"
                  name="stock-image"
                  className="sr-only"
                  checked={values.marketplace_stock_image === stock.id}
                  onChange={() => set('marketplace_stock_image', stock.id)}
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
