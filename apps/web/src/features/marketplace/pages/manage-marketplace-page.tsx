import { marketplaceTitle, type MarketplaceJob } from '@candor/domain';
import {
  ArrowDown,
  ArrowUp,
  ExternalLink,
  ImageOff,
  Settings,
  Star,
  Store,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { FormError } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { StatusPill } from '../../../components/status-pill';
import { JOB_STATUS_TONE } from '../../../lib/jobs/job-status';
import { toast } from '../../../components/toast';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useManagedJobs } from '../api/get-managed-jobs';
import { useMarketplaceSettings } from '../api/marketplace-settings';
import { useUpdateListing, type UpdateListing } from '../api/update-listing';
import { listingImage } from '../listing-image';

// Orders are spread out so a later move rarely needs more than two changes.
const ORDER_STEP = 10;

export default function ManageMarketplacePage() {
  const { t } = useTranslation('marketplace');
  usePageTitle(t('manage.title'));
  const jobs = useManagedJobs(1);
  const settings = useMarketplaceSettings();
  const update = useUpdateListing();

  const save = (changes: UpdateListing[]) =>
    Promise.all(changes.map((change) => update.mutateAsync(change))).then(
      () => toast.success(t('manage.saved')),
      () => toast.error(t('manage.saveFailed')),
    );

  /** Moves one listed interview up or down by renumbering the listed ones in their new order. */
  const move = (list: MarketplaceJob[], index: number, by: -1 | 1) => {
    const listed = [...list];
    const [moved] = listed.splice(index, 1);
    if (!moved) return;
    listed.splice(index + by, 0, moved);
    const changes = listed
      .map((job, position) => ({
        job,
        order: (listed.length - position) * ORDER_STEP,
      }))
      .filter(({ job, order }) => job.marketplace_order !== order)
      .map(({ job, order }) => ({
        jobId: job.id,
        changes: { marketplace_order: order },
      }));
    void save(changes);
  };

  const listed =
    jobs.data?.results.filter((job) => job.marketplace_public) ?? [];
  const unlisted =
    jobs.data?.results.filter((job) => !job.marketplace_public) ?? [];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t('manage.title')}
        description={t('manage.description')}
        actions={
          <>
            <Button asChild variant="secondary">
              <Link to={paths.manageMarketplaceSettings}>
                <Settings className="size-4" aria-hidden />
                {t('manage.settings')}
              </Link>
            </Button>
            {settings.data && (
              <Button asChild variant="secondary">
                <a
                  href={settings.data.public_path}
                  target="_blank"
                  rel="noreferrer"
                >
                  <ExternalLink className="size-4" aria-hidden />
                  {t('manage.viewPublic')}
                </a>
              </Button>
            )}
          </>
        }
      />
      {jobs.isError ? (
        <FormError>{jobs.error.message}</FormError>
      ) : !jobs.data ? (
        <div className="space-y-3" aria-busy>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-20" />
          ))}
        </div>
      ) : jobs.data.results.length === 0 ? (
        <Card>
          <EmptyState
            icon={Store}
            title={t('manage.emptyTitle')}
            description={t('manage.emptyDescription')}
          />
        </Card>
      ) : (
        <Card padding="none">
          <p className="border-b border-border px-5 py-3 text-sm text-muted">
            {t('manage.listed', { count: listed.length })}
          </p>
          <ul
            aria-label={t('manage.listLabel')}
            className="divide-y divide-border"
          >
            {[...listed, ...unlisted].map((job, index) => (
              <ListingRow
                key={job.id}
                job={job}
                canMoveUp={job.marketplace_public && index > 0}
                canMoveDown={
                  job.marketplace_public && index < listed.length - 1
                }
                onMove={(by) => move(listed, index, by)}
                onChange={(changes) => void save([{ jobId: job.id, changes }])}
                busy={update.isPending}
              />
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

function ListingRow({
  job,
  canMoveUp,
  canMoveDown,
  onMove,
  onChange,
  busy,
}: {
  job: MarketplaceJob;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (by: -1 | 1) => void;
  onChange: (changes: UpdateListing['changes']) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('marketplace');
  const image = listingImage(job);
  const title = marketplaceTitle(job);
  return (
    <li className="flex flex-wrap items-center gap-4 px-5 py-4">
      <div className="size-14 shrink-0 overflow-hidden rounded-md bg-slate-100">
        {image ? (
          <img src={image} alt="" className="size-full object-cover" />
        ) : (
          <ImageOff className="m-4 size-6 text-slate-400" aria-hidden />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={paths.manageMarketplaceInterview(job.id)}
            className="truncate font-medium text-ink hover:text-brand-800 hover:underline"
          >
            {title}
          </Link>
          <StatusPill tone={JOB_STATUS_TONE[job.status]}>
            {t(`status.${job.status}`)}
          </StatusPill>
        </div>
        {job.marketplace_public && job.status !== 'Published' && (
          <p className="mt-0.5 text-xs text-warning">
            {t('manage.notPublished')}
          </p>
        )}
        {job.marketplace_description && (
          <p className="mt-0.5 truncate text-sm text-muted">
            {job.marketplace_description}
          </p>
        )}
      </div>
      <div className="flex w-full flex-wrap items-center gap-1 sm:w-auto">
        <label className="mr-auto flex cursor-pointer items-center gap-2 text-sm whitespace-nowrap text-slate-700 sm:mr-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={job.marketplace_public}
            disabled={busy}
            onChange={(event) =>
              onChange({ marketplace_public: event.target.checked })
            }
          />
          {t('manage.public')}
        </label>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={job.marketplace_featured}
          aria-label={t('manage.featured')}
          title={t('manage.featured')}
          disabled={busy}
          onClick={() =>
            onChange({ marketplace_featured: !job.marketplace_featured })
          }
        >
          <Star
            className={cn(
              'size-4',
              job.marketplace_featured && 'fill-amber-400 text-amber-500',
            )}
            aria-hidden
          />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('manage.moveUp', { title })}
          disabled={!canMoveUp || busy}
          onClick={() => onMove(-1)}
        >
          <ArrowUp className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('manage.moveDown', { title })}
          disabled={!canMoveDown || busy}
          onClick={() => onMove(1)}
        >
          <ArrowDown className="size-4" aria-hidden />
        </Button>
        <Button asChild variant="secondary" size="sm" className="ml-1">
          <Link to={paths.manageMarketplaceInterview(job.id)}>
            {t('manage.edit')}
          </Link>
        </Button>
      </div>
    </li>
  );
}
