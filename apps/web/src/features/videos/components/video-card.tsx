import { zodResolver } from '@hookform/resolvers/zod';
import {
  TOAST_DURATION,
  isCategoryChange,
  videoCardState,
  videoUpdateSchema,
  type Video,
} from '@candor/domain';
import {
  AlertTriangle,
  Loader2,
  Pencil,
  Trash2,
  UploadCloud,
} from 'lucide-react';
import {
  useRef,
  useState,
  type BaseSyntheticEvent,
  type ReactNode,
} from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { confirm } from '../../../components/confirm-dialog';
import { Input } from '../../../components/form-field';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { showFieldErrors } from '../../../lib/form-errors';
import { useDeleteVideo } from '../api/delete-video';
import { useVideoCategories } from '../api/get-categories';
import { useUpdateVideo } from '../api/update-video';
import { CategorySelect } from './category-select';

type VideoCardProps = { video: Video; shortname: string; editable: boolean };

// Both go to the API on their own (a title on submit or blur, a category when chosen).
const renameSchema = z.object({
  description: videoUpdateSchema.shape.description.unwrap(),
  category: videoUpdateSchema.shape.category.unwrap(),
});
type RenameValues = z.input<typeof renameSchema>;

/** One library video: its state (spec section 4) or inline 4:3 playback, and rename mode. */
export function VideoCard({ video, shortname, editable }: VideoCardProps) {
  const { t } = useTranslation('videos');
  const [editing, setEditing] = useState(false);
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface shadow-xs">
      <VideoFace video={video} />
      <div className="flex flex-1 flex-col gap-2 p-3">
        {editing ? (
          <RenameForm
            video={video}
            shortname={shortname}
            onDone={() => setEditing(false)}
          />
        ) : (
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <h3
                className="truncate text-sm font-semibold text-ink"
                title={video.description}
              >
                {video.description || video.filename}
              </h3>
              <p className="mt-0.5 text-xs text-muted">
                {video.category || t('card.noCategory')}
                {video.duration_seconds
                  ? ` · ${formatDuration(video.duration_seconds)}`
                  : ''}
              </p>
            </div>
            {editable ? (
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('card.edit', { title: video.description })}
                onClick={() => setEditing(true)}
              >
                <Pencil className="size-4" aria-hidden />
              </Button>
            ) : (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                {t('card.stock')}
              </span>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

function VideoFace({ video }: { video: Video }) {
  const { t } = useTranslation('videos');
  const state = videoCardState(video);
  if (state === 'playable' && video.url) {
    return (
      <video
        className="aspect-[4/3] w-full bg-slate-900 object-contain"
        src={video.url}
        poster={video.thumbnail ?? undefined}
        controls
        preload="none"
        playsInline
        aria-label={video.description}
      />
    );
  }
  const faces: Record<Exclude<typeof state, 'playable'>, ReactNode> = {
    uploading: (
      <>
        <UploadCloud className="size-7 animate-pulse" aria-hidden />
        {t('card.uploading')}
      </>
    ),
    processing: (
      <>
        <Loader2 className="size-7 animate-spin" aria-hidden />
        {t('card.processing')}
      </>
    ),
    failed: (
      <>
        <AlertTriangle className="size-7 text-danger" aria-hidden />
        <span className="font-medium text-danger">{t('card.failed')}</span>
        <span className="px-4 text-xs text-muted">{video.failed_reason}</span>
      </>
    ),
  };
  return (
    <div
      className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 bg-slate-100 text-center text-sm text-slate-600"
      role="status"
    >
      {faces[state === 'playable' ? 'processing' : state]}
    </div>
  );
}

function RenameForm({
  video,
  shortname,
  onDone,
}: {
  video: Video;
  shortname: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('videos');
  const errorText = useErrorText();
  const form = useForm<RenameValues>({
    resolver: zodResolver(renameSchema),
    defaultValues: { description: video.description, category: video.category },
  });
  const { errors } = form.formState;
  // What was last sent, so Enter followed by blur does not rename twice.
  const sentTitle = useRef(video.description);
  const categories = useVideoCategories(shortname);
  const update = useUpdateVideo();
  const remove = useDeleteVideo();
  const note = { dismissIn: TOAST_DURATION.video };

  // A rename goes on submit or blur, and only when the title really changed.
  const sendTitle = ({ description }: RenameValues) => {
    if (description === sentTitle.current) return;
    sentTitle.current = description;
    update
      .mutateAsync({ shortname, id: video.id, changes: { description } })
      .then(
        () => toast.success(t('toasts.renamed'), note),
        (error: unknown) => {
          sentTitle.current = video.description;
          if (!showFieldErrors(form.setError, ['description'])(error))
            toast.error(t('toasts.renameFailed'), note);
        },
      );
  };
  const rename = (event?: BaseSyntheticEvent) =>
    form.handleSubmit(sendTitle)(event);
  const title = form.register('description');
  const categorise = (category: string) => {
    if (!isCategoryChange(video.category, category)) return;
    update
      .mutateAsync({
        shortname,
        id: video.id,
        changes: { category: category.trim() },
      })
      .then(
        () => toast.success(t('toasts.categorised'), note),
        (error: unknown) => {
          if (!showFieldErrors(form.setError, ['category'])(error))
            toast.error(t('toasts.categoriseFailed'), note);
        },
      );
  };
  const destroy = async () => {
    const agreed = await confirm({
      title: t('confirmDelete.title'),
      description: t('confirmDelete.body'),
      actionLabel: t('actions.delete', { ns: 'common' }),
      tone: 'danger',
    });
    if (!agreed) return;
    // The promise, not mutate's callbacks: the card unmounts once the list drops the video.
    await remove.mutateAsync({ shortname, id: video.id }).then(
      () => toast.success(t('toasts.deleted'), note),
      () => toast.error(t('toasts.deleteFailed'), note),
    );
  };

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => void rename(event)}
      noValidate
    >
      <Input
        label={t('rename.title')}
        maxLength={200}
        autoFocus
        error={errorText(errors.description?.message)}
        {...title}
        onBlur={(event) => {
          void title.onBlur(event);
          void rename();
        }}
        onKeyDown={(event) => {
          // Two text boxes and no submit button: Enter would not submit the form by itself.
          if (event.key === 'Enter') {
            event.preventDefault();
            void rename();
          }
        }}
      />
      <Controller
        control={form.control}
        name="category"
        render={({ field }) => (
          <CategorySelect
            {...field}
            categories={categories.data ?? []}
            error={errorText(errors.category?.message)}
            onSubmit={categorise}
          />
        )}
      />
      <div className="flex items-center justify-between gap-2 pt-1">
        <Button
          variant="ghost"
          size="sm"
          className="text-danger hover:bg-red-50"
          loading={remove.isPending}
          onClick={() => void destroy()}
        >
          <Trash2 className="size-4" aria-hidden />
          {t('actions.delete', { ns: 'common' })}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          {t('rename.done')}
        </Button>
      </div>
    </form>
  );
}

function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
