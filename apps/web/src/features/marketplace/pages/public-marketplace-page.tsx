import {
  PAGE_SIZES,
  marketplaceTitle,
  pageCount,
  type MarketplaceJob,
} from '@candor/domain';
import { ArrowRight, CalendarClock, SearchX, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Input } from '../../../components/form-field';
import { Pager } from '../../../components/pager';
import { Skeleton } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useFormatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePublicMarketplace } from '../api/get-public-marketplace';
import { listingImage } from '../listing-image';
import { brandStyle } from '../../../lib/brand-style';

/** /marketplace/{brand}: a company's open interviews for anyone, featured first, 6 a page. */
export default function PublicMarketplacePage() {
  const brand = useParams().brand;
  return brand ? <BrandMarketplace brand={brand} /> : <ChooseBrand />;
}

function BrandMarketplace({ brand }: { brand: string }) {
  const { t } = useTranslation('marketplace');
  const [page, setPage] = useState(1);
  const market = usePublicMarketplace(brand, page);
  usePageTitle(
    market.data
      ? `${market.data.brand.name} ${t('public.title')}`
      : t('public.title'),
  );

  if (market.isError) {
    const missing = isApiError(market.error) && market.error.status === 404;
    return (
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <EmptyState
          icon={SearchX}
          title={missing ? t('public.notFound') : market.error.message}
          titleAs="h1"
        />
      </div>
    );
  }
  const data = market.data;
  return (
    <div style={brandStyle(data?.brand.brand_color)}>
      <section className="border-b border-border bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-6 px-4 py-12 sm:px-6 sm:py-16">
          {data?.brand.logo && (
            <img
              src={data.brand.logo}
              alt=""
              className="size-16 rounded-xl bg-white object-contain p-2"
            />
          )}
          <div className="min-w-0 flex-1">
            {data ? (
              <>
                <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">
                  {t('public.heading', { name: data.brand.name })}
                </h1>
                {data.brand.intro && (
                  <p className="mt-3 max-w-2xl text-brand-50/90">
                    {data.brand.intro}
                  </p>
                )}
              </>
            ) : (
              <Skeleton className="h-10 w-2/3 bg-white/20" />
            )}
          </div>
        </div>
      </section>
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-10 sm:px-6">
        {!data ? (
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-80" />
            ))}
          </div>
        ) : data.featured.length + data.results.length === 0 ? (
          <EmptyState
            titleAs="h2"
            title={t('public.emptyTitle')}
            description={t('public.emptyDescription')}
          />
        ) : (
          <>
            {page === 1 && data.featured.length > 0 && (
              <section aria-labelledby="featured-heading">
                <h2
                  id="featured-heading"
                  className="mb-4 flex items-center gap-2 text-lg font-semibold text-ink"
                >
                  <Star
                    className="size-5 fill-amber-400 text-amber-500"
                    aria-hidden
                  />
                  {t('public.featured')}
                </h2>
                <ul className="grid gap-5 md:grid-cols-2">
                  {data.featured.map((job) => (
                    <JobCard key={job.id} job={job} featured />
                  ))}
                </ul>
              </section>
            )}
            {data.results.length > 0 && (
              <section aria-labelledby="all-heading">
                <h2
                  id="all-heading"
                  className="mb-4 text-lg font-semibold text-ink"
                >
                  {t('public.all')}
                </h2>
                <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                  {data.results.map((job) => (
                    <JobCard key={job.id} job={job} />
                  ))}
                </ul>
              </section>
            )}
            <Pager
              page={page}
              totalPages={pageCount(data.count, PAGE_SIZES.marketplace)}
              onPageChange={setPage}
            />
          </>
        )}
      </div>
    </div>
  );
}

function JobCard({
  job,
  featured = false,
}: {
  job: MarketplaceJob;
  featured?: boolean;
}) {
  const { t } = useTranslation('marketplace');
  const formatDate = useFormatDate();
  const image = listingImage(job);
  return (
    <li
      className={cn(
        'group flex flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-sm transition-shadow hover:shadow-md',
        featured && 'md:flex-row',
      )}
    >
      <div
        className={cn(
          'relative aspect-[16/9] overflow-hidden bg-slate-100',
          featured && 'md:aspect-auto md:min-h-56 md:w-2/5',
        )}
      >
        {image && (
          <img
            src={image}
            alt=""
            className="absolute inset-0 size-full object-cover"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-semibold text-ink">
          {marketplaceTitle(job)}
        </h3>
        {job.marketplace_description && (
          <p className="text-sm text-slate-700">
            {job.marketplace_description}
          </p>
        )}
        {job.marketplace_details && (
          <p className="text-sm whitespace-pre-line text-muted">
            {job.marketplace_details}
          </p>
        )}
        {job.deadline && (
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <CalendarClock className="size-4" aria-hidden />
            {t('public.deadline', { date: formatDate.day(job.deadline) })}
          </p>
        )}
        <div className="mt-auto pt-3">
          <Button asChild>
            <Link
              to={paths.publicJob(job.shortcode)}
              aria-label={`${t('public.start')}: ${marketplaceTitle(job)}`}
            >
              {t('public.start')}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </li>
  );
}

function ChooseBrand() {
  const { t } = useTranslation('marketplace');
  usePageTitle(t('public.title'));
  const navigate = useNavigate();
  const [brand, setBrand] = useState('');
  return (
    <div className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <EmptyState
        title={t('public.noBrandTitle')}
        titleAs="h1"
        description={t('public.noBrandDescription')}
      />
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (brand.trim())
            void navigate(paths.marketplace(brand.trim().toLowerCase()));
        }}
      >
        <Input
          label={t('public.brandLabel')}
          className="flex-1"
          value={brand}
          onChange={(event) => setBrand(event.target.value)}
        />
        <Button type="submit">{t('public.go')}</Button>
      </form>
    </div>
  );
}
