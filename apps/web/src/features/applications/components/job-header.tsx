import type { Stage } from '@candor/domain';
import { ArrowLeft, Columns3, Mail, UserPlus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { StatusPill } from '../../../components/status-pill';
import { useJob } from '../../../lib/jobs/job-queries';
import { JOB_STATUS_TONE } from '../../../lib/jobs/job-status';
import { paths } from '../../../lib/paths';
import type { JobDialog } from '../hooks/use-job-dialogs';
import { EditInterviewMenu } from './edit-interview-menu';

/** The job's title, status and deadline, and the page's actions (compare, edit, add, invite all). */
export function JobHeader({
  jobId,
  isCompany,
  stage,
  stageCounts,
  formatDate,
  openDialog,
}: {
  jobId: number;
  isCompany: boolean;
  stage: Stage;
  stageCounts: Partial<Record<Stage, number>> | undefined;
  formatDate: (value: string | null) => string;
  openDialog: (dialog: JobDialog) => void;
}) {
  const { t } = useTranslation('applications');
  const job = useJob(jobId);
  const toInviteCount = stageCounts?.ToInvite ?? 0;
  const answeredCount =
    (stageCounts?.Responded ?? 0) +
    (stageCounts?.Reviewed ?? 0) +
    (stageCounts?.Outcomes ?? 0);

  return (
    <PageHeader
      eyebrow={
        <Link
          to={paths.interviews}
          className="inline-flex items-center gap-1 hover:text-ink"
        >
          <ArrowLeft className="size-4" aria-hidden /> {t('back')}
        </Link>
      }
      title={job.data ? job.data.title : <Skeleton className="h-8 w-72" />}
      description={
        job.data && (
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusPill tone={JOB_STATUS_TONE[job.data.status]}>
              {t(`jobStatus.${job.data.status}`)}
            </StatusPill>
            {job.data.deadline && (
              <span>
                {t('labelValue', {
                  ns: 'common',
                  label: t('columns.deadline'),
                  value: formatDate(job.data.deadline),
                })}
              </span>
            )}
          </span>
        )
      }
      actions={
        <>
          {answeredCount > 1 && (
            <Button asChild variant="secondary">
              <Link to={paths.jobCompare(jobId)}>
                <Columns3 className="size-4" aria-hidden />{' '}
                {t('compareAnswers')}
              </Link>
            </Button>
          )}
          {isCompany && (
            <>
              <EditInterviewMenu jobId={jobId} />
              <Button
                variant="secondary"
                onClick={() => openDialog({ kind: 'addOne' })}
              >
                <UserPlus className="size-4" aria-hidden /> {t('addOne')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => openDialog({ kind: 'bulk' })}
              >
                <Users className="size-4" aria-hidden /> {t('addInterviewees')}
              </Button>
              {stage === 'ToInvite' && toInviteCount > 0 && (
                <Button
                  onClick={() =>
                    openDialog({
                      kind: 'inviteMany',
                      ids: 'all',
                      count: toInviteCount,
                    })
                  }
                >
                  <Mail className="size-4" aria-hidden /> {t('inviteAll')}
                </Button>
              )}
              {stage === 'AwaitingResponse' &&
                (stageCounts?.AwaitingResponse ?? 0) > 0 && (
                  <Button
                    onClick={() => openDialog({ kind: 'extendMany', ids: [] })}
                  >
                    {t('extendAll')}
                  </Button>
                )}
            </>
          )}
        </>
      }
    />
  );
}
