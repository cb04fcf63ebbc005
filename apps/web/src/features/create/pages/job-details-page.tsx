import { ArrowLeft, Mail, UsersRound } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, useLocation, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { StatusPill } from '../../../components/status-pill';
import { useJob } from '../../../lib/jobs/job-queries';
import { JOB_STATUS_TONE } from '../../../lib/jobs/job-status';
import { paths } from '../../../lib/paths';
import { isCompanyUser, useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useJobEditLocks } from '../api/get-job-edit-facts';
import { DetailsForm } from '../components/details-form';
import { EditLocksNotice } from '../components/edit-locks-notice';
import { QuestionsCard } from '../components/questions-card';

/**
 * /interviews/{job}/details: a published (or any) interview's details and questions, edited in
 * place, with links to its review panel and e-mails. What answering and rating fixed is
 * shown locked (decision 138).
 */
export default function JobDetailsPage() {
  const { t } = useTranslation('create');
  const user = useCurrentUser();
  const jobId = Number(useParams().job);
  const job = useJob(jobId);
  const { facts, locks } = useJobEditLocks(jobId);
  const { hash } = useLocation();
  usePageTitle(
    job.data ? t('edit.pageTitle', { title: job.data.title }) : t('edit.title'),
  );
  const loaded = !!job.data;
  // The job page's "Questions" link lands on the questions card.
  useEffect(() => {
    if (loaded && hash)
      document
        .getElementById(hash.slice(1))
        ?.scrollIntoView?.({ block: 'start' });
  }, [loaded, hash]);

  if (!isCompanyUser(user)) throw data(t('edit.companyOnly'), { status: 403 });
  if (job.isError) throw job.error;

  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader
        eyebrow={
          <Link
            to={paths.job(jobId, { status: 'ToInvite', filter: 'all' })}
            className="inline-flex max-w-full items-center gap-1 hover:text-ink"
          >
            <ArrowLeft className="size-4 shrink-0" aria-hidden />
            <span className="truncate">
              {job.data?.title ?? t('edit.backToInterview')}
            </span>
          </Link>
        }
        title={t('edit.title')}
        description={
          job.data ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              <StatusPill tone={JOB_STATUS_TONE[job.data.status]}>
                {t(`status.${job.data.status}`)}
              </StatusPill>
              {t('edit.description')}
            </span>
          ) : (
            <Skeleton className="h-5 w-72" />
          )
        }
        actions={
          <>
            <Button asChild variant="secondary">
              <Link to={paths.jobReviewPanel(jobId)}>
                <UsersRound className="size-4" aria-hidden />
                {t('edit.reviewPanel')}
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={paths.createStep(jobId, 'edit-email')}>
                <Mail className="size-4" aria-hidden />
                {t('edit.emails')}
              </Link>
            </Button>
          </>
        }
      />
      <EditLocksNotice facts={facts} className="mb-6" />
      {job.data ? (
        <div className="space-y-8">
          <DetailsForm
            key={job.data.id}
            job={job.data}
            mode="edit"
            locks={locks}
          />
          <QuestionsCard job={job.data} locks={locks} id="questions" />
        </div>
      ) : (
        <div className="space-y-6" aria-busy>
          <Skeleton className="h-96" />
          <Skeleton className="h-64" />
        </div>
      )}
    </div>
  );
}
