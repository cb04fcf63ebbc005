import type { Job } from '@candor/domain';
import { FilePlus2, LayoutTemplate } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { StatusPill } from '../../../components/status-pill';
import { toast } from '../../../components/toast';
import { stepPath } from '../../../lib/create-step';
import { useErrorText } from '../../../lib/error-text';
import { useCopyJob } from '../../../lib/jobs/job-actions';
import { jobHref } from '../../../lib/jobs/job-queries';
import { JOB_STATUS_TONE } from '../../../lib/jobs/job-status';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRecentJobs, useTemplateJobs } from '../api/get-job-lists';

/** /create: start from scratch, or copy a template or a recent interview into a new draft. */
export default function CreateStartPage() {
  const { t } = useTranslation('create');
  usePageTitle(t('start.title'));
  const errorText = useErrorText();
  const navigate = useNavigate();
  const recent = useRecentJobs();
  const templates = useTemplateJobs();
  const copy = useCopyJob();
  const startFrom = (job: Job) =>
    copy.mutate(job.id, {
      onSuccess: (created) => void navigate(stepPath(created.id, 'details')),
      onError: (error) =>
        toast.error(errorText(error.message) ?? error.message),
    });

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t('start.title')}
        description={t('start.description')}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Link
          to={paths.createDetails}
          className="group rounded-lg border border-border bg-surface p-6 shadow-xs transition hover:border-brand-400 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <FilePlus2 className="mb-3 size-8 text-brand-700" aria-hidden />
          <span className="block text-lg font-semibold text-ink group-hover:text-brand-800">
            {t('start.scratch')}
          </span>
          <span className="mt-1 block text-sm text-muted">
            {t('start.scratchHint')}
          </span>
        </Link>
        <a
          href="#templates"
          className="group rounded-lg border border-border bg-surface p-6 shadow-xs transition hover:border-brand-400 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <LayoutTemplate className="mb-3 size-8 text-brand-700" aria-hidden />
          <span className="block text-lg font-semibold text-ink group-hover:text-brand-800">
            {t('start.template')}
          </span>
          <span className="mt-1 block text-sm text-muted">
            {t('start.templateHint')}
          </span>
        </a>
      </div>

      <section id="templates" className="mt-10 scroll-mt-24">
        <CardHeader
          title={t('start.templates')}
          description={t('start.templatesHint')}
        />
        <JobCards
          jobs={templates.data?.results}
          action={(job) => (
            <Button
              size="sm"
              onClick={() => startFrom(job)}
              loading={copy.isPending && copy.variables === job.id}
            >
              {t('start.useTemplate')}
            </Button>
          )}
        />
      </section>

      <section className="mt-10">
        <CardHeader
          title={t('start.recent')}
          description={t('start.recentHint')}
        />
        <JobCards
          jobs={recent.data?.results}
          empty={t('start.noRecent')}
          action={(job) => (
            <div className="flex gap-2">
              <Button asChild size="sm" variant="ghost">
                <Link to={jobHref(job)}>{t('start.open')}</Link>
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => startFrom(job)}
                loading={copy.isPending && copy.variables === job.id}
              >
                {t('start.copy')}
              </Button>
            </div>
          )}
          showStatus
        />
      </section>
    </div>
  );
}

function JobCards({
  jobs,
  action,
  empty,
  showStatus = false,
}: {
  jobs: Job[] | undefined;
  action: (job: Job) => React.ReactNode;
  empty?: string;
  showStatus?: boolean;
}) {
  const { t } = useTranslation('create');
  if (!jobs) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-36" />
        ))}
      </div>
    );
  }
  if (jobs.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {jobs.map((job) => (
        <li key={job.id}>
          <Card className="flex h-full flex-col gap-3">
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold text-ink">{job.title}</h3>
              {showStatus && (
                <StatusPill tone={JOB_STATUS_TONE[job.status]}>
                  {t(`status.${job.status}`)}
                </StatusPill>
              )}
            </div>
            <p className="line-clamp-2 flex-1 text-sm text-muted">
              {job.description || job.function}
            </p>
            <div className="flex items-center justify-between gap-2">
              <span className="text-xs text-muted">
                {t('start.questionCount', { count: job.question_count })}
              </span>
              {action(job)}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
