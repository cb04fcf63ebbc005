import {
  AlertCircle,
  CheckCircle2,
  CloudUpload,
  RefreshCw,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import type { UploadItem } from '../hooks/use-upload-queue';

/** Each submitted answer with its upload progress; a failed one can be retried. */
export function UploadPanel({
  items,
  onRetry,
}: {
  items: UploadItem[];
  onRetry: (questionId: number) => void;
}) {
  const { t } = useTranslation('interviewee');
  if (items.length === 0) return null;
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
        {[...items]
          .sort((a, b) => a.position - b.position)
          .map((item) => (
            <li
              key={item.questionId}
              className="space-y-1.5"
              data-testid={`upload-${item.questionId}`}
              data-state={item.state}
            >
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="flex items-center gap-2 text-slate-700">
                  {item.state === 'done' ? (
                    <CheckCircle2
                      className="size-4 text-emerald-600"
                      aria-hidden
                    />
                  ) : item.state === 'failed' ? (
                    <AlertCircle className="size-4 text-danger" aria-hidden />
                  ) : (
                    <CloudUpload
                      className="size-4 text-brand-700"
                      aria-hidden
                    />
                  )}
                  {t('upload.answer', { position: item.position })}
                </span>
                <span className="text-muted">
                  {t(`upload.state.${item.state}`, {
                    percent: Math.round(item.progress * 100),
                  })}
                </span>
              </div>
              {item.state !== 'done' && item.state !== 'failed' && (
                <div
                  role="progressbar"
                  aria-label={t('upload.answer', { position: item.position })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(item.progress * 100)}
                  className="h-1.5 overflow-hidden rounded-full bg-slate-200"
                >
                  <div
                    className="h-full bg-brand-600 transition-[width]"
                    style={{ width: `${item.progress * 100}%` }}
                  />
                </div>
              )}
              {item.state === 'failed' && (
                <div className="flex items-center justify-between gap-2">
                  <p className="text-xs text-danger">
                    {item.error ?? t('upload.failed')}
                  </p>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onRetry(item.questionId)}
                  >
                    <RefreshCw className="size-3.5" aria-hidden />{' '}
                    {t('upload.retry')}
                  </Button>
                </div>
              )}
            </li>
          ))}
      </ul>
    </div>
  );
}
