import type { Job } from '@candor/domain';
import { useTranslation } from 'react-i18next';

/** Of the interviewees (archived left out), how many have answered so far. */
export function JobProgress({ job }: { job: Job }) {
  const { t } = useTranslation('jobs');
  const { stats } = job;
  const total =
    stats.to_invite.all +
    stats.awaiting_response.all +
    stats.responded.all +
    stats.reviewed.all +
    stats.outcomes.all;
  if (total === 0)
    return <span className="text-sm text-muted">{t('progress.none')}</span>;
  const answered =
    stats.responded.all + stats.reviewed.all + stats.outcomes.all;
  const invited = answered + stats.awaiting_response.all;
  const percent = (value: number) => `${Math.round((value / total) * 100)}%`;
  return (
    <div className="min-w-32">
      <div
        className="flex h-1.5 overflow-hidden rounded-full bg-slate-100"
        role="img"
        aria-label={t('progress.label', { answered, invited, total })}
      >
        <span className="bg-brand-600" style={{ width: percent(answered) }} />
        <span
          className="bg-brand-200"
          style={{ width: percent(invited - answered) }}
        />
      </div>
      <p className="mt-1 text-xs text-muted">
        {t('progress.text', { answered, total })}
      </p>
    </div>
  );
}
