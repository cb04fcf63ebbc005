import { agreementLevel, type Calibration } from '@candor/domain';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Card, CardHeader } from '../../../components/card';
import { JobSubpageHeader } from '../../../components/job-subpage-header';
import { Skeleton } from '../../../components/skeleton';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCalibration } from '../api/get-calibration';

/** A signed figure with a true minus sign, so +0.42 and −1.83 line up and read as such. */
const signed = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(2)}`;

/**
 * /interviews/{job}/calibration: how consistently the panel rates (decision 178). Company users
 * see the panel's agreement, every reviewer's leniency and the candidates it split on; a
 * reviewer sees their own line.
 */
export default function CalibrationPage() {
  const { t } = useTranslation('calibration');
  const jobId = Number(useParams().job);
  const calibration = useCalibration(jobId);
  usePageTitle(t('title'));
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <JobSubpageHeader
        jobId={jobId}
        title={t('title')}
        description={t('description')}
        backLabel={t('backToInterview')}
      />
      {calibration.isPending ? (
        <div className="grid gap-5" aria-busy>
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : calibration.isError ? (
        <Card>
          <p role="alert" className="text-sm text-red-800">
            {t('error')}
          </p>
        </Card>
      ) : (
        <div className="grid gap-5">
          <AgreementCard calibration={calibration.data} />
          <ReviewersCard calibration={calibration.data} />
          {calibration.data.reason === null && (
            <SplitCard jobId={jobId} calibration={calibration.data} />
          )}
          {calibration.data.questions.length > 0 && (
            <QuestionsCard calibration={calibration.data} />
          )}
        </div>
      )}
    </div>
  );
}

function AgreementCard({ calibration }: { calibration: Calibration }) {
  const { t } = useTranslation('calibration');
  const { alpha } = calibration;
  return (
    <Card>
      <CardHeader title={t('agreement.title')} />
      {alpha === null ? (
        <p className="mt-3 text-sm text-muted">{calibration.reason}</p>
      ) : (
        <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-8">
          <p className="flex items-baseline gap-3">
            <span
              className="text-4xl font-semibold text-ink tabular-nums"
              data-testid="calibration-alpha"
            >
              {alpha.toFixed(2)}
            </span>
            <span
              className={cn(
                'rounded-full px-2.5 py-0.5 text-sm font-medium',
                agreementLevel(alpha) === 'strong' &&
                  'bg-emerald-50 text-emerald-800',
                agreementLevel(alpha) === 'tentative' &&
                  'bg-amber-50 text-amber-900',
                agreementLevel(alpha) === 'weak' && 'bg-red-50 text-red-800',
              )}
            >
              {t(`agreement.level.${agreementLevel(alpha)}`)}
            </span>
          </p>
          <p className="text-sm text-muted">
            {t('agreement.basis', {
              count: calibration.candidates,
              ratings: calibration.ratings,
            })}
          </p>
        </div>
      )}
      <p className="mt-4 max-w-3xl text-sm text-slate-600">
        {t('agreement.explain')}
      </p>
    </Card>
  );
}

function ReviewersCard({ calibration }: { calibration: Calibration }) {
  const { t } = useTranslation('calibration');
  return (
    <Card padding="none">
      <div className="p-5 pb-3">
        <CardHeader
          title={t('reviewers.title')}
          description={t('reviewers.explain')}
        />
      </div>
      {calibration.reviewers.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-muted">{t('reviewers.empty')}</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="border-y border-border bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-5 py-2">
                {t('reviewers.name')}
              </th>
              <th scope="col" className="px-5 py-2 text-right">
                {t('reviewers.offset')}
              </th>
              <th
                scope="col"
                className="hidden px-5 py-2 text-right sm:table-cell"
              >
                {t('reviewers.count')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {calibration.reviewers.map((line) => (
              <tr key={line.id} data-testid="calibration-reviewer">
                <th
                  scope="row"
                  className="px-5 py-3 text-left font-medium text-ink"
                >
                  <span className="block">{line.name}</span>
                  {line.flagged && line.offset !== null && (
                    <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
                      <AlertTriangle className="size-3" aria-hidden />
                      {line.offset > 0
                        ? t('reviewers.kinder')
                        : t('reviewers.harsher')}
                    </span>
                  )}
                  <span className="mt-1 block text-xs font-normal text-muted sm:hidden">
                    {t('reviewers.countShort', { count: line.count })}
                  </span>
                </th>
                <td className="px-5 py-3 text-right text-ink tabular-nums">
                  {line.offset === null ? '—' : signed(line.offset)}
                </td>
                <td className="hidden px-5 py-3 text-right text-muted tabular-nums sm:table-cell">
                  {line.count}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function SplitCard({
  jobId,
  calibration,
}: {
  jobId: number;
  calibration: Calibration;
}) {
  const { t } = useTranslation('calibration');
  return (
    <Card>
      <CardHeader title={t('split.title')} description={t('split.explain')} />
      {calibration.split.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('split.empty')}</p>
      ) : (
        <ul
          className="mt-3 divide-y divide-border"
          data-testid="calibration-split"
        >
          {calibration.split.map((item) => (
            <li
              key={item.application}
              className="flex items-center justify-between gap-4 py-2.5 text-sm"
            >
              <Link
                to={paths.interviewee(jobId, item.application, 'overview')}
                className="font-medium text-brand-700 hover:text-brand-800 hover:underline"
              >
                {item.name}
              </Link>
              <span className="text-muted tabular-nums">
                {t('split.spread', { spread: item.spread.toFixed(1) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function QuestionsCard({ calibration }: { calibration: Calibration }) {
  const { t } = useTranslation('calibration');
  return (
    <Card>
      <CardHeader title={t('questions.title')} />
      <ol className="mt-3 divide-y divide-border">
        {calibration.questions.map((question, index) => (
          <li
            key={question.id}
            className="flex flex-col gap-1 py-2.5 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-6"
          >
            <span className="text-ink">
              <span className="mr-2 text-muted">{index + 1}.</span>
              {question.text}
            </span>
            <span className="shrink-0 text-muted tabular-nums">
              {question.alpha === null
                ? t('questions.notYet')
                : t('questions.alpha', {
                    alpha: question.alpha.toFixed(2),
                    candidates: question.candidates,
                  })}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
