import {
  SATISFACTION_SCORES,
  type JobStats,
  type SatisfactionComment,
  type StatsFigures,
} from '@candor/domain';
import { MessageSquareQuote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardHeader } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';

/**
 * Candidates' "How was this interview?" over the period (issue 47, decision 196): the
 * company's average, how many gave each score, and the latest comments with their interview,
 * never with who wrote them.
 */
export function SatisfactionSection(props: {
  totals: StatsFigures;
  jobs: JobStats[];
  comments: SatisfactionComment[];
}) {
  const { t, i18n } = useTranslation('reports');
  const { totals } = props;
  const responses = totals.satisfaction_responses;
  const titleOf = new Map(props.jobs.map((job) => [job.job_id, job.title]));
  const most = Math.max(1, ...totals.satisfaction_distribution);
  const decimal = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });

  return (
    <Card role="region" aria-label={t('satisfaction.title')}>
      <CardHeader
        title={t('satisfaction.title')}
        description={t('satisfaction.description')}
      />
      {responses === 0 || totals.satisfaction_average === null ? (
        <EmptyState icon={MessageSquareQuote} title={t('satisfaction.empty')} />
      ) : (
        <div className="grid gap-8 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <p className="text-4xl font-semibold text-ink tabular-nums">
              {decimal.format(totals.satisfaction_average)}
              <span className="text-lg font-normal text-muted">
                {' '}
                {t('satisfaction.outOf')}
              </span>
            </p>
            <p className="mt-1 text-sm text-muted">
              {t('satisfaction.responses', { count: responses })}
            </p>
            <ul
              className="mt-5 space-y-2"
              aria-label={t('satisfaction.distribution')}
            >
              {[...SATISFACTION_SCORES].reverse().map((score) => {
                const count = totals.satisfaction_distribution[score - 1] ?? 0;
                return (
                  <li
                    key={score}
                    className="grid grid-cols-[5.5rem_1fr_2rem] items-center gap-3 text-sm"
                  >
                    <span className="text-slate-700">
                      {t(`satisfaction.score.${score}`)}
                    </span>
                    <span
                      className="h-2.5 rounded-full bg-slate-100"
                      aria-hidden
                    >
                      <span
                        className="block h-full rounded-full bg-brand-600"
                        style={{ width: `${(count / most) * 100}%` }}
                      />
                    </span>
                    <span className="text-right text-slate-700 tabular-nums">
                      {count}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
          <div className="lg:col-span-3">
            <h3 className="text-sm font-semibold text-ink">
              {t('satisfaction.comments')}
            </h3>
            {props.comments.length === 0 ? (
              <p className="mt-2 text-sm text-muted">
                {t('satisfaction.noComments')}
              </p>
            ) : (
              <ul className="mt-3 divide-y divide-border">
                {props.comments.map((comment, index) => (
                  <li key={index} className="py-3">
                    <p className="text-sm whitespace-pre-line text-slate-800">
                      {comment.comment}
                    </p>
                    <p className="mt-1 text-xs text-muted">
                      {t('satisfaction.commentOf', {
                        score: comment.rating,
                        interview: titleOf.get(comment.job_id) ?? '',
                      })}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
