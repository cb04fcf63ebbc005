import { STOCK_VIDEOS_SHORTNAME } from '@candor/domain';
import { Film } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { FormError, Select } from '../../../components/form-field';
import { Skeleton } from '../../../components/skeleton';
import { useVideoCategories } from '../api/get-categories';
import { useVideos } from '../api/get-videos';
import { RecordVideoButton } from '../../../components/record-video-modal';
import { UploadButton } from './upload-button';
import { VideoCard } from './video-card';

/** A library's videos as cards, with a category filter; the company's own can be changed. */
export function VideoLibrary({ shortname }: { shortname: string }) {
  const { t } = useTranslation('videos');
  const editable = shortname !== STOCK_VIDEOS_SHORTNAME;
  const [category, setCategory] = useState('');
  const videos = useVideos(shortname, category || undefined);
  const categories = useVideoCategories(shortname);

  return (
    <section aria-labelledby="library-heading">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="library-heading" className="text-base font-semibold text-ink">
            {editable ? t('content.yours') : t('content.stock')}
          </h2>
          <p className="text-sm text-muted">
            {editable
              ? t('library.description')
              : t('library.stockDescription')}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Select
            label={t('library.filterLabel')}
            hideLabel
            className="w-full sm:w-48"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            options={[
              { value: '', label: t('library.allCategories') },
              ...(categories.data ?? []).map((name) => ({
                value: name,
                label: name,
              })),
            ]}
          />
          {editable && <RecordVideoButton shortname={shortname} />}
          {editable && <UploadButton shortname={shortname} />}
        </div>
      </div>
      {videos.isError ? (
        <FormError>{t('library.loadError')}</FormError>
      ) : !videos.data ? (
        <ul
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          aria-busy
        >
          {[0, 1, 2, 3].map((key) => (
            <li key={key}>
              <Skeleton className="aspect-[4/3] w-full" />
              <Skeleton className="mt-2 h-10 w-full" />
            </li>
          ))}
        </ul>
      ) : videos.data.results.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-surface">
          <EmptyState
            icon={Film}
            title={
              category
                ? t('library.emptyCategory')
                : editable
                  ? t('library.emptyTitle')
                  : t('library.stockEmpty')
            }
            description={
              editable && !category ? t('library.emptyDescription') : undefined
            }
          />
        </div>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted">
            {t('library.count', { count: videos.data.count })}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {videos.data.results.map((video) => (
              <VideoCard
                key={video.id}
                video={video}
                shortname={shortname}
                editable={editable}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
