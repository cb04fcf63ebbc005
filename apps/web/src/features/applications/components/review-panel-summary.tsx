import { CheckCircle2, Circle, Clock, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { useJobPanel } from '../api/get-job-panel';

/**
 * The panel's progress on this interview, one line per member (issue 27). The server answers
 * 403 to a reviewer who may not see others' reviews: then nothing is shown.
 */
export function ReviewPanelSummary({
  jobId,
  isCompany,
}: {
  jobId: number;
  isCompany: boolean;
}) {
  const { t } = useTranslation('applications');
  const panel = useJobPanel(jobId);

  if (panel.isError) return null;
  // Only a company user is sure to see it; a reviewer's strip waits for the answer.
  if (panel.isPending)
    return isCompany ? <Skeleton className="mb-5 h-18 w-full" /> : null;

  const { members } = panel.data;
  return (
    <section
      aria-labelledby="job-review-panel-title"
      className="mb-5 rounded-lg border border-border bg-surface px-4 py-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h2
          id="job-review-panel-title"
          className="flex items-center gap-2 text-sm font-semibold text-ink"
        >
          <UsersRound className="size-4 text-muted" aria-hidden />
          {t('panel.title')}
        </h2>
        <span className="flex flex-wrap gap-x-4 gap-y-1">
          <Link
            to={paths.jobCalibration(jobId)}
            className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            {t('panel.calibration')}
          </Link>
          {isCompany && (
            <Link
              to={paths.jobReviewPanel(jobId)}
              className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
            >
              {t('panel.manage')}
            </Link>
          )}
        </span>
      </div>
      {members.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('panel.empty')}</p>
      ) : (
        <ul
          className="mt-2 flex flex-col gap-x-8 gap-y-2 sm:flex-row sm:flex-wrap"
          data-testid="job-review-panel"
        >
          {members.map((member, index) => (
            <li
              key={`${index}-${member.name}`}
              className="flex min-w-0 items-start gap-2 text-sm"
            >
              {member.to_review > 0 ? (
                <Clock
                  className="mt-0.5 size-4 shrink-0 text-amber-600"
                  aria-hidden
                />
              ) : member.completed > 0 ? (
                <CheckCircle2
                  className="mt-0.5 size-4 shrink-0 text-emerald-600"
                  aria-hidden
                />
              ) : (
                <Circle
                  className="mt-0.5 size-4 shrink-0 text-slate-400"
                  aria-hidden
                />
              )}
              {/* On a phone the figures sit under the name, so long names are not cut. */}
              <span className="flex min-w-0 flex-col sm:flex-row sm:items-baseline sm:gap-2">
                <span className="break-words">
                  <span className="font-medium text-ink">{member.name}</span>
                  {member.you && (
                    <span className="text-muted"> {t('panel.you')}</span>
                  )}
                </span>
                <span className="text-xs text-muted tabular-nums sm:text-sm">
                  {t('panel.progress', {
                    completed: member.completed,
                    toReview: member.to_review,
                  })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
