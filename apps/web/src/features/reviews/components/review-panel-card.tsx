import { CheckCircle2, Clock, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { SkeletonText } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { useApplicationPanel } from '../api/get-application-panel';
import { formatDateTime } from '../../../lib/format-date';

/**
 * Who on the panel has completed their own review of this interviewee (issue 27). The server
 * answers 403 to a reviewer who may not see others' reviews: then the card is not shown at all.
 */
export function ReviewPanelCard({
  job,
  application,
  isCompany,
}: {
  job: number;
  application: number;
  isCompany: boolean;
}) {
  const { t, i18n } = useTranslation('reviews');
  const panel = useApplicationPanel(job, application);

  if (panel.isError) return null;
  // A company user always may see it; a reviewer's card waits for the answer, so a blind
  // reviewer never sees a placeholder come and go.
  if (panel.isPending)
    return isCompany ? (
      <Card aria-busy>
        <SkeletonText lines={3} />
      </Card>
    ) : null;

  const members = panel.data.members;
  const completed = members.filter(
    (member) => member.completed_at !== null,
  ).length;
  return (
    <Card>
      <section aria-labelledby="review-panel-title">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2
            id="review-panel-title"
            className="flex items-center gap-2 text-sm font-semibold text-ink"
          >
            <UsersRound className="size-4 text-muted" aria-hidden />
            {t('panel.title')}
          </h2>
          {members.length > 0 && (
            <p className="text-xs text-muted tabular-nums">
              {t('panel.summary', { completed, total: members.length })}
            </p>
          )}
        </div>
        {members.length === 0 ? (
          <p className="text-sm text-muted">{t('panel.empty')}</p>
        ) : (
          <ul className="divide-y divide-border" data-testid="review-panel">
            {members.map((member, index) => (
              <li
                // Names may repeat (two people called Sam); the order is the server's.
                key={`${index}-${member.name}`}
                className="flex items-start gap-2.5 py-2.5 first:pt-0 last:pb-0"
              >
                {member.completed_at ? (
                  <CheckCircle2
                    className="mt-0.5 size-4 shrink-0 text-emerald-600"
                    aria-hidden
                  />
                ) : (
                  <Clock
                    className="mt-0.5 size-4 shrink-0 text-amber-600"
                    aria-hidden
                  />
                )}
                <div className="min-w-0 flex-1">
                  <p className="flex items-baseline justify-between gap-2">
                    <span className="truncate text-sm font-medium text-ink">
                      {member.name}
                      {member.you && (
                        <span className="font-normal text-muted">
                          {' '}
                          {t('panel.you')}
                        </span>
                      )}
                    </span>
                    <span className="shrink-0 text-xs text-muted">
                      {t(`panel.kind.${member.kind}`)}
                    </span>
                  </p>
                  <p className="text-xs">
                    {member.completed_at ? (
                      <>
                        <span className="font-medium text-emerald-700">
                          {t('panel.completed')}
                        </span>
                        <span className="text-muted">
                          {' · '}
                          {formatDateTime(member.completed_at, i18n.language)}
                        </span>
                      </>
                    ) : (
                      <span className="text-amber-800">
                        {t('panel.notYet')}
                      </span>
                    )}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        {isCompany && (
          <Link
            to={paths.jobReviewPanel(job)}
            className="mt-3 inline-block text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            {t('panel.manage')}
          </Link>
        )}
      </section>
    </Card>
  );
}
