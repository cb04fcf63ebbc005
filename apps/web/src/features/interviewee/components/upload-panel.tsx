import {
  AlertCircle,
  CheckCircle2,
  CloudUpload,
  HardDrive,
  RefreshCw,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import type { AnswerItem } from '../hooks/use-answer-takes';
import type { AnswerState } from '../lib/answer-state';

/** One answer's state in words: 'Saved on this device', 'Uploading 40%', 'Saved'. */
export function AnswerStatus({ state }: { state: AnswerState }) {
  const { t } = useTranslation('interviewee');
  const Icon =
    state.kind === 'saved'
      ? CheckCircle2
      : state.kind === 'failed'
        ? AlertCircle
        : state.kind === 'uploading'
          ? CloudUpload
          : HardDrive;
  const tone =
    state.kind === 'saved'
      ? 'text-emerald-600'
      : state.kind === 'failed'
        ? 'text-danger'
        : state.kind === 'uploading'
          ? 'text-brand-700'
          : 'text-slate-500';
  return (
    <span
      className="inline-flex items-center gap-1.5 text-slate-700"
      data-state={state.kind}
    >
      <Icon className={`size-4 shrink-0 ${tone}`} aria-hidden />
      {t(`upload.state.${state.kind}`, {
        percent: state.kind === 'uploading' ? state.percent : 0,
      })}
    </span>
  );
}

/** Each submitted answer with its state; one that cannot be sent can be tried again. */
export function UploadPanel({
  items,
  onRetry,
  showHint = true,
}: {
  items: AnswerItem[];
  onRetry: (takeId: string) => void;
  /** What happens to answers saved on the device (not where the page already says it). */
  showHint?: boolean;
}) {
  const { t } = useTranslation('interviewee');
  if (items.length === 0) return null;
  const onDeviceOnly =
    showHint && items.some((item) => item.state.kind === 'device');
  return (
    <div
      className="rounded-lg border border-border bg-slate-50 p-4"
      aria-label={t('upload.title')}
      role="region"
    >
      <h2 className="mb-3 text-sm font-semibold text-ink">
        {t('upload.title')}
      </h2>
      <ul className="space-y-3">
        {items.map((item) => (
          <li
            key={item.takeId}
            className="space-y-1.5"
            data-testid={`upload-${item.questionId}`}
            data-state={item.state.kind}
          >
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
              <span className="font-medium text-slate-700">
                {t('upload.answer', { position: item.position })}
              </span>
              <AnswerStatus state={item.state} />
            </div>
            {item.state.kind === 'uploading' && (
              <div
                role="progressbar"
                aria-label={t('upload.answer', { position: item.position })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={item.state.percent}
                className="h-1.5 overflow-hidden rounded-full bg-slate-200"
              >
                <div
                  className="h-full bg-brand-600 transition-[width]"
                  style={{ width: `${item.state.percent}%` }}
                />
              </div>
            )}
            {item.state.kind === 'failed' && (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-xs text-danger">
                  {item.state.message || t('upload.failed')}
                </p>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onRetry(item.takeId)}
                >
                  <RefreshCw className="size-3.5" aria-hidden />{' '}
                  {t('upload.retry')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {/* Screen readers hear each answer's state change, not every percent of its upload. */}
      <p className="sr-only" aria-live="polite">
        {items
          .map((item) =>
            t('upload.announce.item', {
              answer: t('upload.answer', { position: item.position }),
              state:
                item.state.kind === 'uploading'
                  ? t('upload.announce.uploading')
                  : t(`upload.state.${item.state.kind}`),
            }),
          )
          .join(' ')}
      </p>
      {onDeviceOnly && (
        <p className="mt-3 text-xs text-muted">{t('upload.deviceHint')}</p>
      )}
    </div>
  );
}
