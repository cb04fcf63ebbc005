import {
  STOCK_VIDEOS_SHORTNAME,
  videoCardState,
  type Video,
} from '@candor/domain';
import { Check, Film } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/toast';
import { cn } from '../../../lib/cn';
import { useCreateStep } from '../../../lib/create-step';
import { useCurrentUser } from '../../../lib/session';
import { useVideos } from '../api/get-videos';
import { useSetIntroVideo } from '../api/set-intro-video';
import { RecordVideoButton } from '../../../components/record-video-modal';
import { UploadButton } from '../components/upload-button';
import { StepLinks } from '../../create/components/create-frame';

/** Creation step /create/{job}/videos: the interview's introduction video from the library. */
export default function IntroVideoStep() {
  const { t } = useTranslation('videos');
  const { job, nextPath, previousPath } = useCreateStep();
  const shortname = useCurrentUser().current_company?.shortname ?? '';
  const own = useVideos(shortname);
  const stock = useVideos(STOCK_VIDEOS_SHORTNAME);
  const choose = useSetIntroVideo();

  const pick = (videoId: number | null) =>
    choose.mutate(
      { jobId: job.id, videoId },
      {
        onSuccess: () =>
          toast.success(videoId ? t('step.chosen') : t('step.removed')),
        onError: (error) =>
          toast.error(t('step.failed'), { description: error.message }),
      },
    );

  return (
    <>
      <Card>
        <CardHeader
          title={t('step.title')}
          description={t('step.description')}
          actions={
            <>
              <RecordVideoButton shortname={shortname} />
              <UploadButton shortname={shortname} />
            </>
          }
        />
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm">
          <span className="text-slate-700">
            {job.intro_video_id ? t('step.current') : t('step.none')}
          </span>
          {job.intro_video_id && (
            <Button
              variant="ghost"
              size="sm"
              loading={choose.isPending}
              onClick={() => pick(null)}
            >
              {t('step.remove')}
            </Button>
          )}
        </div>
        <VideoChoices
          heading={t('content.yours')}
          videos={own.data?.results}
          selectedId={job.intro_video_id}
          onPick={pick}
          busy={choose.isPending}
        />
        <VideoChoices
          heading={t('content.stock')}
          videos={stock.data?.results}
          selectedId={job.intro_video_id}
          onPick={pick}
          busy={choose.isPending}
        />
      </Card>
      <StepLinks previousPath={previousPath} nextPath={nextPath} />
    </>
  );
}

function VideoChoices({
  heading,
  videos,
  selectedId,
  onPick,
  busy,
}: {
  heading: string;
  videos: Video[] | undefined;
  selectedId: number | null;
  onPick: (id: number) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('videos');
  return (
    <section className="mb-6 last:mb-0">
      <h3 className="mb-3 text-sm font-semibold text-ink">{heading}</h3>
      {!videos ? (
        <Skeleton className="h-40" />
      ) : videos.length === 0 ? (
        <EmptyState
          icon={Film}
          title={t('library.emptyTitle')}
          className="py-6"
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {videos.map((video) => {
            const selected = video.id === selectedId;
            const playable = videoCardState(video) === 'playable';
            return (
              <li
                key={video.id}
                className={cn(
                  'overflow-hidden rounded-lg border-2 bg-surface',
                  selected ? 'border-brand-700' : 'border-border',
                )}
              >
                {playable && video.url ? (
                  <video
                    className="aspect-[4/3] w-full bg-slate-900 object-contain"
                    src={video.url}
                    poster={video.thumbnail ?? undefined}
                    controls
                    preload="none"
                    playsInline
                  />
                ) : (
                  <div className="flex aspect-[4/3] items-center justify-center bg-slate-100 text-sm text-slate-600">
                    {t(
                      video.uploading
                        ? 'card.uploading'
                        : video.failed_reason
                          ? 'card.failed'
                          : 'card.processing',
                    )}
                  </div>
                )}
                <div className="flex flex-col gap-2 p-3">
                  <span
                    className="truncate text-sm font-medium text-ink"
                    title={video.description}
                  >
                    {video.description}
                  </span>
                  <Button
                    size="sm"
                    variant={selected ? 'primary' : 'secondary'}
                    disabled={!playable || busy || selected}
                    aria-pressed={selected}
                    onClick={() => onPick(video.id)}
                  >
                    {selected && <Check className="size-4" aria-hidden />}
                    {selected ? t('step.selected') : t('step.use')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
