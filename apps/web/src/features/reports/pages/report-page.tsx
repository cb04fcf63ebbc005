import type { JobStats, StatsFigures } from '@candor/domain';
import { BarChart3, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { FormError } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import {
  Table,
  type ColumnDef,
  type SortingState,
} from '../../../components/table';
import { paths } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { exportUrl, useStats, type StatsPeriod } from '../api/get-stats';
import { ActivityChart } from '../components/activity-chart';
import { AdverseImpactSection } from '../components/adverse-impact-section';
import { DateRangePicker, lastDays } from '../components/date-range-picker';
import { FunnelChart } from '../components/funnel-chart';
import { SatisfactionSection } from '../components/satisfaction-section';

const DEFAULT_DAYS = 90;

/** /report: the company's figures over a period, charts, per interview, and a CSV export. */
export default function ReportPage() {
  const { t } = useTranslation('reports');
  usePageTitle(t('title'));
  const company = useCurrentUser().current_company;
  const shortname = company?.shortname ?? '';
  const [period, setPeriod] = useState<StatsPeriod>(() =>
    lastDays(DEFAULT_DAYS),
  );
  const stats = useStats(shortname, period);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <DateRangePicker value={period} onChange={setPeriod} />
            <Button asChild variant="secondary">
              <a href={exportUrl(shortname, period)} download>
                <Download className="size-4" aria-hidden />
                {t('export')}
              </a>
            </Button>
          </>
        }
      />
      {stats.isError ? (
        <FormError>{stats.error.message}</FormError>
      ) : !stats.data ? (
        <div className="space-y-6" aria-busy>
          <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
            {Array.from({ length: 10 }, (_, key) => (
              <Skeleton key={key} className="h-24" />
            ))}
          </div>
          <Skeleton className="h-80" />
        </div>
      ) : (
        <div className="space-y-6" aria-busy={stats.isFetching}>
          <Figures totals={stats.data.totals} />
          <div className="grid gap-6 lg:grid-cols-5">
            <Card className="lg:col-span-3">
              <CardHeader
                title={t('charts.overTime')}
                description={t(
                  stats.data.interval === 'week'
                    ? 'charts.perWeek'
                    : 'charts.perMonth',
                )}
              />
              <ActivityChart
                points={stats.data.over_time}
                interval={stats.data.interval}
              />
            </Card>
            <Card className="lg:col-span-2">
              <CardHeader
                title={t('charts.funnel')}
                description={t('charts.funnelDescription')}
              />
              <FunnelChart totals={stats.data.totals} />
            </Card>
          </div>
          <Card padding="none">
            <div className="px-5 pt-5">
              <CardHeader
                title={t('jobs.title')}
                description={t('jobs.description')}
              />
            </div>
            {stats.data.jobs.length === 0 ? (
              <EmptyState icon={BarChart3} title={t('jobs.empty')} />
            ) : (
              <div className="overflow-x-auto">
                <JobsTable jobs={stats.data.jobs} />
              </div>
            )}
          </Card>
          <SatisfactionSection
            totals={stats.data.totals}
            jobs={stats.data.jobs}
            comments={stats.data.satisfaction_comments}
          />
          {company?.is_admin && (
            <AdverseImpactSection
              shortname={shortname}
              jobs={stats.data.jobs}
            />
          )}
        </div>
      )}
    </div>
  );
}

const CARD_FIGURES = [
  'interviews_created',
  'interviews_published',
  'invited',
  'responded',
  'completion_rate',
  'median_hours_to_respond',
  'reviewed',
  'shortlisted',
  'rejected',
] as const;
const TABLE_FIGURES = [
  'invited',
  'responded',
  'completion_rate',
  'median_hours_to_respond',
  'reviewed',
  'shortlisted',
  'rejected',
  'satisfaction_average',
] as const;
type Figure = (typeof CARD_FIGURES)[number] | (typeof TABLE_FIGURES)[number];

/** "By interview": the shared table, sortable by any figure (none last). */
function JobsTable({ jobs }: { jobs: JobStats[] }) {
  const { t } = useTranslation('reports');
  const [sorting, setSorting] = useState<SortingState>([]);
  const columns: ColumnDef<JobStats>[] = [
    {
      id: 'interview',
      header: t('jobs.interview'),
      accessorFn: (job) => job.title,
      meta: { className: 'font-medium text-ink' },
      cell: ({ row: { original: job } }) => (
        <Link
          to={paths.job(job.job_id, { status: 'ToInvite', filter: 'All' })}
          className="hover:underline"
        >
          {job.title}
        </Link>
      ),
    },
    ...TABLE_FIGURES.map((figure): ColumnDef<JobStats> => ({
      id: figure,
      header: t(`figures.${figure}`),
      accessorFn: (job) => job[figure] ?? undefined,
      sortUndefined: 'last',
      sortDescFirst: true,
      meta: {
        className: 'text-right whitespace-nowrap text-slate-700 tabular-nums',
      },
      cell: ({ row }) => <FigureValue figures={row.original} figure={figure} />,
    })),
  ];
  return (
    <Table
      data={jobs}
      columns={columns}
      getRowId={(job) => String(job.job_id)}
      sorting={sorting}
      onSortingChange={setSorting}
      label={t('jobs.title')}
    />
  );
}

function FigureValue({
  figures,
  figure,
}: {
  figures: StatsFigures;
  figure: Figure;
}) {
  const { t, i18n } = useTranslation('reports');
  // Under an hour in minutes: interviewees who answer at once read '0 hours' otherwise.
  const durationText = (hours: number) => {
    if (hours >= 48) return t('days', { count: Math.round(hours / 24) });
    if (hours >= 1) return t('hours', { count: Math.round(hours) });
    const minutes = Math.round(hours * 60);
    return minutes < 1 ? t('underMinute') : t('minutes', { count: minutes });
  };
  const value = figures[figure];
  if (value === null)
    return <span className="text-slate-400">{t('none')}</span>;
  if (figure === 'completion_rate')
    return (
      <>
        {new Intl.NumberFormat(i18n.language, {
          style: 'percent',
          maximumFractionDigits: 0,
        }).format(value)}
      </>
    );
  if (figure === 'median_hours_to_respond') return <>{durationText(value)}</>;
  if (figure === 'satisfaction_average')
    return (
      <>
        {new Intl.NumberFormat(i18n.language, {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }).format(value)}
      </>
    );
  return <>{value}</>;
}

function Figures({ totals }: { totals: StatsFigures }) {
  const { t } = useTranslation('reports');
  return (
    <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
      {CARD_FIGURES.map((figure) => (
        <div
          key={figure}
          className="rounded-lg border border-border bg-surface p-4 shadow-[0_1px_2px_rgb(15_23_42/0.04)]"
        >
          <dt className="text-xs font-medium text-muted">
            {t(`figures.${figure}`)}
          </dt>
          <dd className="mt-1 text-2xl font-semibold text-ink tabular-nums">
            <FigureValue figures={totals} figure={figure} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
