import { pageCount } from '@candor/domain';
import { Plus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Pager } from '../../../components/pager';
import { Skeleton } from '../../../components/skeleton';
import { useJob } from '../../../lib/jobs/job-queries';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useApplications } from '../api/list-applications';
import { ApplicantTable } from '../components/applicant-table';
import { BulkBar } from '../components/bulk-bar';
import { JobDialogs } from '../components/job-dialogs';
import { JobHeader } from '../components/job-header';
import { ReviewPanelSummary } from '../components/review-panel-summary';
import { StageFilters } from '../components/stage-filters';
import { useJobDialogs } from '../hooks/use-job-dialogs';
import { useJobView } from '../hooks/use-job-view';
import { useSelection } from '../hooks/use-selection';
import { useFormatDate } from '../../../lib/format-date';

const PAGE_SIZE = 25;

/** /interviews/{job}?status={stage}&filter={filter}: the interviewees of one interview. */
export default function JobPage() {
  const { t } = useTranslation('applications');
  const jobId = Number(useParams().job);
  const user = useCurrentUser();
  const isCompany = user.current_company !== null;
  const view = useJobView(isCompany);
  const { stage, filter, page, q } = view;
  const selection = useSelection(`${stage}|${filter}|${page}|${q}`);

  const job = useJob(jobId);
  const list = useApplications(jobId, {
    stage,
    filter,
    page,
    pageSize: PAGE_SIZE,
    q,
  });
  usePageTitle(job.data?.title ?? t('title'));

  const fromName = job.data?.company.name ?? user.current_company?.name ?? '';
  const dialogs = useJobDialogs({ jobId, fromName, onDone: selection.clear });

  const { day } = useFormatDate();
  const formatDate = (value: string | null) =>
    value ? day(value) : t('noDeadline');

  const results = list.data?.results ?? [];
  const count = list.data?.count ?? 0;
  const stageCounts = list.data?.stages;
  const canAdd = stage === 'ToInvite' && isCompany;

  return (
    <div>
      <JobHeader
        jobId={jobId}
        isCompany={isCompany}
        stage={stage}
        stageCounts={stageCounts}
        formatDate={formatDate}
        openDialog={dialogs.open}
      />

      <ReviewPanelSummary jobId={jobId} isCompany={isCompany} />

      <StageFilters
        view={view}
        stageCounts={stageCounts}
        filters={list.data?.filters ?? []}
      />

      {isCompany && (
        <BulkBar
          stage={stage}
          selected={selection.ids}
          openDialog={dialogs.open}
          onClear={selection.clear}
        />
      )}

      <div className="mt-4 overflow-hidden rounded-lg border border-border bg-surface">
        {list.isPending ? (
          <div className="space-y-3 p-4" aria-label={t('loading')}>
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-10 w-full" />
            ))}
          </div>
        ) : results.length === 0 ? (
          <EmptyState
            icon={Users}
            title={
              filter !== 'All' || q
                ? t('empty.filtered')
                : stage === 'ToInvite'
                  ? t('empty.ToInvite')
                  : t('empty.other')
            }
            description={
              canAdd ? t('empty.ToInviteHint') : t('empty.otherHint')
            }
            action={
              canAdd ? (
                <Button onClick={() => dialogs.open({ kind: 'bulk' })}>
                  <Plus className="size-4" aria-hidden /> {t('addInterviewees')}
                </Button>
              ) : undefined
            }
            className="py-14"
          />
        ) : (
          <ApplicantTable
            jobId={jobId}
            stage={stage}
            rows={results}
            isCompany={isCompany}
            ratingScale={job.data?.rating_scale}
            sorting={view.sorting}
            onSortingChange={view.setSorting}
            selected={selection.ids}
            onSelectedChange={selection.set}
            onCommand={dialogs.runCommand}
            formatDate={formatDate}
          />
        )}
      </div>
      {view.sorting.length > 0 && count > PAGE_SIZE && (
        <p className="mt-2 text-xs text-muted">{t('sortedWithinPage')}</p>
      )}
      <Pager
        className="mt-4"
        page={page}
        totalPages={pageCount(count, PAGE_SIZE)}
        onPageChange={(next) => view.go({ page: next })}
      />

      <JobDialogs
        jobId={jobId}
        dialogs={dialogs}
        fromName={fromName}
        smsEnabled={user.current_company?.sms_enabled ?? false}
        rows={results}
      />
    </div>
  );
}
