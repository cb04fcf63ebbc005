import { jobActions, type JobAction, type Reviewer } from '@candor/domain';
import { ArrowLeft, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { confirm } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-field';
import { Skeleton } from '../../../components/skeleton';
import { StatusPill } from '../../../components/status-pill';
import { toast } from '../../../components/toast';
import { stepPath, useCreateStep } from '../../../lib/create-step';
import { useErrorText } from '../../../lib/error-text';
import { useJobAction } from '../../../lib/jobs/job-actions';
import {
  useJobAttachments,
  useJobQuestions,
} from '../../../lib/jobs/job-queries';
import { JOB_STATUS_TONE } from '../../../lib/jobs/job-status';
import type { CreateStep } from '../../../lib/paths';
import { paths } from '../../../lib/paths';
import { useConstants } from '../../../lib/session';
import { useJobReviewers } from '../api/get-job-reviewers';
import { StepFooter } from '../components/create-frame';
import { useFormatDate } from '../../../lib/format-date';

/** Everything chosen so far, each item with Edit, and the lifecycle actions. */
export default function SummaryStep() {
  const { t } = useTranslation('create');
  const { day } = useFormatDate();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const constants = useConstants();
  const { job, previousPath } = useCreateStep();
  const questions = useJobQuestions(job.id);
  const attachments = useJobAttachments(job.id);
  const reviewers = useJobReviewers(job.id);
  const action = useJobAction();
  const language =
    constants.languages.find((item) => item.id === job.language)?.name ??
    job.language;

  const run = async (name: JobAction) => {
    if (name === 'delete') {
      const ok = await confirm({
        title: t('summary.deleteTitle'),
        description: t('summary.deleteBody', { title: job.title }),
        actionLabel: t('actions.delete', { ns: 'common' }),
        tone: 'danger',
      });
      if (!ok) return;
    }
    action.mutate(
      { id: job.id, action: name },
      {
        onSuccess: () => {
          toast.success(t(`summary.done.${name}`, { title: job.title }));
          // A published interview's next step is adding interviewees, on its own page.
          if (name === 'publish')
            void navigate(
              paths.job(job.id, { status: 'ToInvite', filter: 'all' }),
            );
          if (name === 'delete') void navigate(paths.interviews);
        },
      },
    );
  };

  const item = (step: CreateStep, title: string, body: ReactNode) => (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-border py-4 last:border-b-0">
      <div className="min-w-0 flex-1">
        <h3 className="text-sm font-semibold text-ink">{title}</h3>
        <div className="mt-1 text-sm text-slate-700">{body}</div>
      </div>
      <Button asChild variant="secondary" size="sm">
        <Link
          to={stepPath(job.id, step)}
          aria-label={t('summary.editItem', { item: title })}
        >
          <Pencil className="size-3.5" aria-hidden />
          {t('actions.edit', { ns: 'common' })}
        </Link>
      </Button>
    </div>
  );

  return (
    <>
      <Card padding="lg">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-ink">
            {t('summary.heading')}
          </h2>
          <StatusPill tone={JOB_STATUS_TONE[job.status]}>
            {t(`status.${job.status}`)}
          </StatusPill>
        </div>
        {action.error && (
          <FormError>{errorText(action.error.message)}</FormError>
        )}
        {item(
          'details',
          t('steps.details'),
          <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
            <Fact label={t('details.title')} value={job.title} />
            <Fact label={t('details.function')} value={job.function || '—'} />
            <Fact label={t('details.role')} value={job.role || '—'} />
            <Fact
              label={t('details.deadline')}
              value={job.deadline ? day(job.deadline) : t('summary.noDeadline')}
            />
            <Fact label={t('details.language')} value={language} />
            <Fact
              label={t('details.ratingStyle')}
              value={t(`ratingStyle.${job.rating_style}.name`)}
            />
            <Fact
              label={t('details.ratingScale')}
              value={t('details.scaleOption', { value: job.rating_scale })}
            />
            <Fact
              label={t('details.attachments')}
              value={t('summary.attachments', {
                count: attachments.data?.length ?? 0,
              })}
            />
          </dl>,
        )}
        {item(
          'add-questions',
          t('steps.add-questions'),
          questions.data && questions.data.length > 0 ? (
            <ol className="list-decimal space-y-1 pl-5">
              {questions.data.map((question) => (
                <li key={question.id}>{question.text}</li>
              ))}
            </ol>
          ) : (
            <span className="text-warning">{t('summary.noQuestions')}</span>
          ),
        )}
        {item(
          'videos',
          t('steps.videos'),
          job.intro_video
            ? t('summary.introVideoSet')
            : t('summary.noIntroVideo'),
        )}
        {item('edit-email', t('steps.edit-email'), t('summary.emailText'))}
        {item('emails', t('steps.emails'), t('summary.followUpText'))}
        {item(
          'review-panel',
          t('steps.review-panel'),
          reviewers.data ? (
            <ReviewerList reviewers={reviewers.data} />
          ) : reviewers.isError ? (
            t('summary.reviewPanelText')
          ) : (
            <Skeleton className="h-5 w-48" />
          ),
        )}
        {item('preview', t('steps.preview'), t('summary.previewText'))}
      </Card>
      <StepFooter>
        {previousPath && (
          <Button asChild variant="secondary">
            <Link to={previousPath}>
              <ArrowLeft className="size-4" aria-hidden />
              {t('previous')}
            </Link>
          </Button>
        )}
        <div className="flex flex-wrap gap-2">
          {jobActions(job.status).map((name) => (
            <Button
              key={name}
              variant={
                name === 'publish'
                  ? 'primary'
                  : name === 'delete'
                    ? 'danger'
                    : 'secondary'
              }
              loading={action.isPending && action.variables.action === name}
              onClick={() => void run(name)}
            >
              {t(`summary.action.${name}`)}
            </Button>
          ))}
        </div>
      </StepFooter>
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="text-muted">{label}:</dt>
      <dd className="min-w-0 truncate">{value}</dd>
    </div>
  );
}

/** The panel by name, with where each person stands (the account holder first, as listed). */
function ReviewerList({ reviewers }: { reviewers: Reviewer[] }) {
  const { t } = useTranslation('create');
  if (reviewers.length === 0)
    return <span className="text-warning">{t('summary.noReviewers')}</span>;
  return (
    <ul
      className="flex flex-col gap-1"
      aria-label={t('summary.reviewersLabel')}
    >
      {reviewers.map((reviewer) => {
        const name =
          `${reviewer.first_name} ${reviewer.last_name}`.trim() ||
          reviewer.email;
        const standing = reviewer.is_account_holder
          ? 'accountHolder'
          : reviewer.account_status === 1
            ? 'active'
            : reviewer.invited_at
              ? 'invited'
              : 'notInvited';
        return (
          <li
            key={reviewer.id}
            className="flex flex-wrap items-baseline gap-x-2"
          >
            <span className="font-medium text-ink">{name}</span>
            <span className="text-xs text-muted">
              {t(`summary.reviewer.${standing}`)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
