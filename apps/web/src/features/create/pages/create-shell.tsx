import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useParams } from 'react-router';
import { FormError } from '../../../components/form-field';
import { Skeleton } from '../../../components/skeleton';
import {
  CREATE_STEP_ORDER,
  neighbourSteps,
  stepPath,
  type CreateStepContext,
} from '../../../lib/create-step';
import { useJob } from '../../../lib/jobs/job-queries';
import { paths, type CreateStep } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { CreateFrame } from '../components/create-frame';

/** /create/{job}/…: loads the interview once and gives it to the step in the outlet. */
export default function CreateShell() {
  const { t } = useTranslation('create');
  const jobId = Number(useParams().job);
  const location = useLocation();
  const segment = location.pathname.split('/').pop() ?? 'details';
  const step: CreateStep =
    CREATE_STEP_ORDER.find((name) => name === segment) ?? 'details';
  const job = useJob(jobId);
  usePageTitle(
    job.data ? `${t(`steps.${step}`)} · ${job.data.title}` : t('title'),
  );

  if (job.isError) {
    return (
      <CreateFrame jobId={jobId} title={t('title')} step={step}>
        <FormError>{job.error.message}</FormError>
      </CreateFrame>
    );
  }
  const { previous, next } = neighbourSteps(step);
  const context: CreateStepContext | null = job.data
    ? {
        job: job.data,
        step,
        nextPath: next && stepPath(jobId, next),
        previousPath: previous && stepPath(jobId, previous),
      }
    : null;
  // A live interview's steps edit it: Back returns to its page, not to the dashboard.
  const back =
    job.data && job.data.status !== 'Draft'
      ? {
          to: paths.job(jobId, { status: 'ToInvite', filter: 'all' }),
          label: t('backToInterview'),
        }
      : undefined;
  return (
    <CreateFrame
      jobId={jobId}
      title={job.data?.title ?? t('title')}
      step={step}
      back={back}
    >
      {context ? (
        <Outlet context={context} />
      ) : (
        <div className="space-y-4" aria-busy>
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-64" />
        </div>
      )}
    </CreateFrame>
  );
}
