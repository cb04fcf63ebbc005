import { pageCount, type Job } from '@candor/domain';
import { ClipboardList, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { FormError, Select } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { Skeleton } from '../../../components/skeleton';
import { StatusPill } from '../../../components/status-pill';
import { Table, type ColumnDef } from '../../../components/table';
import {
  setAppState,
  useAppState,
  type AppState,
} from '../../../lib/app-state';
import { useFormatDate } from '../../../lib/format-date';
import { jobHref } from '../../../lib/jobs/job-queries';
import { JOB_STATUS_TONE } from '../../../lib/jobs/job-status';
import { paths } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  DASHBOARD_PAGE_SIZES,
  dashboardJobsParams,
  useJobs,
} from '../api/get-jobs';
import { ActivityPanel } from '../components/activity-panel';
import { JobProgress } from '../components/job-progress';
import { JobRowActions } from '../components/job-row-actions';
import { NotificationsPanel } from '../components/notifications-panel';

type DashboardFilter = AppState['dashboardFilter'];

export default function InterviewsPage() {
  const { t } = useTranslation('jobs');
  usePageTitle(t('title'));
  const user = useCurrentUser();
  const isCompanyUser = !!user.current_company;
  const filter = useAppState((state) => state.dashboardFilter);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DASHBOARD_PAGE_SIZES[0] ?? 10);
  const jobs = useJobs(dashboardJobsParams(filter, page, pageSize));
  const changeFilter = (change: Partial<DashboardFilter>) => {
    setAppState({ dashboardFilter: { ...filter, ...change } });
    setPage(1);
  };
  const results = jobs.data?.results ?? [];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t('title')}
        description={t(isCompanyUser ? 'description' : 'descriptionReviewer')}
        actions={
          isCompanyUser && (
            <Button asChild>
              <Link to={paths.create}>
                <Plus className="size-4" aria-hidden />
                {t('create')}
              </Link>
            </Button>
          )
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="interviews-list" className="min-w-0">
          <h2 id="interviews-list" className="sr-only">
            {t('title')}
          </h2>
          <div className="mb-4 flex flex-wrap items-end gap-3">
            <Select
              label={t('filter.status')}
              className="w-40"
              value={filter.status}
              onChange={(event) =>
                changeFilter({
                  status: event.target.value as DashboardFilter['status'],
                })
              }
              options={[
                { value: 'all', label: t('filter.all') },
                { value: 'Draft', label: t('status.Draft') },
                { value: 'Published', label: t('status.Published') },
                { value: 'Archived', label: t('status.Archived') },
              ]}
            />
            {isCompanyUser && (
              <Select
                label={t('filter.view')}
                className="w-44"
                value={filter.view}
                onChange={(event) =>
                  changeFilter({
                    view: event.target.value as DashboardFilter['view'],
                  })
                }
                options={[
                  { value: 'all', label: t('filter.all') },
                  { value: 'mine', label: t('filter.mine') },
                  { value: 'assigned', label: t('filter.assigned') },
                ]}
              />
            )}
            <p
              className="ml-auto flex h-9 items-center gap-2 rounded-lg bg-brand-50 px-3 text-sm text-brand-800"
              aria-live="polite"
            >
              {t('columns.toReview')}
              {/* The server's total over every page of the filtered list. */}
              <strong className="text-base font-semibold">
                {jobs.data?.to_review ?? '–'}
              </strong>
            </p>
          </div>

          <Card padding="none" className="overflow-hidden">
            {jobs.isError ? (
              <div className="p-5">
                <FormError>{jobs.error.message}</FormError>
              </div>
            ) : !jobs.data ? (
              <LoadingRows />
            ) : results.length === 0 ? (
              <EmptyState
                className="py-12"
                icon={ClipboardList}
                title={t('empty.title')}
                description={t('empty.description')}
                action={
                  isCompanyUser && (
                    <Button asChild>
                      <Link to={paths.create}>{t('create')}</Link>
                    </Button>
                  )
                }
              />
            ) : (
              <JobsTable jobs={results} canManage={isCompanyUser} />
            )}
          </Card>

          {jobs.data && (
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <Select
                label={t('perPage')}
                className="flex items-center gap-2 space-y-0! [&_label]:whitespace-nowrap [&_select]:w-24"
                value={pageSize}
                onChange={(event) => {
                  setPageSize(Number(event.target.value));
                  setPage(1);
                }}
                options={DASHBOARD_PAGE_SIZES.map((size) => ({
                  value: size,
                  label: String(size),
                }))}
              />
              <Pager
                page={page}
                totalPages={pageCount(jobs.data.count, pageSize)}
                onPageChange={setPage}
              />
            </div>
          )}
        </section>

        <aside className="space-y-6">
          <NotificationsPanel jobs={results} />
          {isCompanyUser && <ActivityPanel />}
        </aside>
      </div>
    </div>
  );
}

function LoadingRows() {
  const { t } = useTranslation('jobs');
  return (
    <div className="space-y-3 p-5" aria-busy>
      <p className="text-sm text-muted">{t('loading')}</p>
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} className="h-10" />
      ))}
    </div>
  );
}

const WIDE_ONLY = 'hidden md:table-cell';

/** The shared table; on a phone the other columns sit under the title. */
function JobsTable({ jobs, canManage }: { jobs: Job[]; canManage: boolean }) {
  const { t } = useTranslation('jobs');
  const formatDate = useFormatDate();
  const columns: ColumnDef<Job>[] = [
    {
      id: 'title',
      header: t('columns.title'),
      meta: { className: 'max-w-72' },
      cell: ({ row: { original: job } }) => (
        <>
          <Link
            to={jobHref(job)}
            className="font-medium text-ink hover:text-brand-800 hover:underline"
          >
            {job.title}
          </Link>
          <p className="truncate text-xs text-muted">
            {t('questionCount', { count: job.question_count })}
            {job.function && ` · ${job.function}`}
          </p>
          <div className="mt-2 space-y-2 md:hidden">
            <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
              <StatusPill tone={JOB_STATUS_TONE[job.status]}>
                {t(`status.${job.status}`)}
              </StatusPill>
              {formatDate.day(job.created_at)} · {job.company.name}
            </p>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <JobProgress job={job} />
              <span className="flex items-center gap-1.5 text-xs text-muted">
                {t('columns.toReview')}
                <ToReviewCount job={job} />
              </span>
            </div>
          </div>
        </>
      ),
    },
    {
      id: 'progress',
      header: t('columns.progress'),
      meta: { className: WIDE_ONLY },
      cell: ({ row }) => <JobProgress job={row.original} />,
    },
    {
      id: 'company',
      header: t('columns.company'),
      meta: { className: `${WIDE_ONLY} text-slate-700` },
      cell: ({ row }) => row.original.company.name,
    },
    {
      id: 'toReview',
      header: t('columns.toReview'),
      meta: { className: WIDE_ONLY },
      cell: ({ row }) => <ToReviewCount job={row.original} />,
    },
    {
      id: 'status',
      header: t('columns.status'),
      meta: { className: WIDE_ONLY },
      cell: ({ row }) => (
        <StatusPill tone={JOB_STATUS_TONE[row.original.status]}>
          {t(`status.${row.original.status}`)}
        </StatusPill>
      ),
    },
    {
      id: 'created',
      header: t('columns.created'),
      meta: { className: `${WIDE_ONLY} whitespace-nowrap text-slate-700` },
      cell: ({ row }) => formatDate.day(row.original.created_at),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('columns.actions')}</span>,
      meta: { className: 'w-12 text-right' },
      cell: ({ row }) => canManage && <JobRowActions job={row.original} />,
    },
  ];
  return (
    <Table
      data={jobs}
      columns={columns}
      getRowId={(job) => String(job.id)}
      label={t('title')}
    />
  );
}

function ToReviewCount({ job }: { job: Job }) {
  const { t } = useTranslation('jobs');
  if (job.to_review === 0) return <span className="text-muted">0</span>;
  return (
    <Link
      to={paths.job(job.id, { status: 'Responded', filter: 'all' })}
      className="inline-flex min-w-7 items-center justify-center rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white"
      aria-label={t('toReviewLabel', { count: job.to_review })}
    >
      {job.to_review}
    </Link>
  );
}
