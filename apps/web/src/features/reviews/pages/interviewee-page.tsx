import { RATING_STYLES } from '@candor/domain';
import {
  ArrowLeft,
  ChevronLeft,
  ChevronRight,
  Inbox,
  Share2,
} from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Link,
  Outlet,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
} from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { StatusPill } from '../../../components/status-pill';
import { TabLinks } from '../../../components/tabs';
import { toast } from '../../../components/toast';
import { useJob } from '../../../lib/jobs/job-queries';
import { paths, type IntervieweeChild } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { getNextApplication, useApplication } from '../api/get-application';
import { getFirstApplicationToReview } from '../api/get-first-application';
import { useAnswers } from '../api/get-answers';
import { ActivityPanel } from '../components/activity-panel';
import { CommentsPanel } from '../components/comments-panel';
import { DecisionPanel } from '../components/decision-panel';
import { ReviewPanelCard } from '../components/review-panel-card';
import { ShareDialog } from '../components/share-dialog';
import { ShortcutsPopover } from '../components/shortcuts-popover';
import { useShortcuts } from '../components/use-shortcuts';
import { usePlaybackSpeedKeys } from '../components/use-playback-speed';
import type { IntervieweeContext } from '../interviewee-context';

export default function IntervieweePage() {
  const params = useParams();
  const jobId = Number(params.job);
  if (params.application === undefined)
    return <OpenFirstApplicant jobId={jobId} />;
  return (
    <Interviewee jobId={jobId} applicationId={Number(params.application)} />
  );
}

/** /interviews/{job}/interviewee without an applicant opens the first one waiting for a review. */
function OpenFirstApplicant({ jobId }: { jobId: number }) {
  const { t } = useTranslation('reviews');
  const navigate = useNavigate();
  const [none, setNone] = useState(false);
  useEffect(() => {
    void getFirstApplicationToReview(jobId).then((id) =>
      id === null
        ? setNone(true)
        : navigate(paths.interviewee(jobId, id, 'overview'), { replace: true }),
    );
  }, [jobId, navigate]);
  if (!none) return <Spinner className="m-auto" label={t('loading')} />;
  return (
    <div className="m-auto max-w-md p-6">
      <EmptyState
        icon={Inbox}
        title={t('empty.title')}
        description={t('empty.description')}
        action={
          <Button asChild variant="secondary">
            <Link to={paths.job(jobId)}>{t('backToInterview')}</Link>
          </Button>
        }
      />
    </div>
  );
}

function Interviewee({
  jobId,
  applicationId,
}: {
  jobId: number;
  applicationId: number;
}) {
  const { t } = useTranslation('reviews');
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const job = useJob(jobId);
  const application = useApplication(jobId, applicationId);
  const answers = useAnswers(jobId, applicationId);
  const answerMatch = useMatch(
    '/interviews/:job/interviewee/:application/:tab/:answer?',
  );
  const [movingNext, setMovingNext] = useState(false);
  const [sharing, setSharing] = useState(false);
  usePageTitle(application.data ? application.data.user.full_name : t('title'));

  const previous = (location.state as { previous?: number } | null)?.previous;
  const isMatrix = job.data?.rating_style === RATING_STYLES.matrix;
  const isCompany = !!user.current_company;
  const go = (child: IntervieweeChild) =>
    navigate(paths.interviewee(jobId, applicationId, child));

  const goNextApplicant = async () => {
    setMovingNext(true);
    try {
      const { next } = await getNextApplication(jobId, applicationId);
      if (next)
        navigate(paths.interviewee(jobId, next.id, 'overview'), {
          state: { previous: applicationId },
        });
      else toast.info(t('next.none'));
    } finally {
      setMovingNext(false);
    }
  };

  const shortcuts = useMemo(() => {
    const list = answers.data ?? [];
    const tab = answerMatch?.params.tab === 'matrix' ? 'matrix' : 'answer';
    const current = list.findIndex(
      (answer) => String(answer.id) === answerMatch?.params.answer,
    );
    const moveAnswer = (step: number) => {
      const target =
        list[Math.min(list.length - 1, Math.max(0, current + step))];
      if (target) go(`${tab}/${target.id}`);
    };
    return {
      j: () => moveAnswer(current < 0 ? 0 : 1),
      k: () => moveAnswer(current < 0 ? 0 : -1),
      n: () => void goNextApplicant(),
      m: () => isMatrix && go('matrix'),
      o: () => go('overview'),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    answers.data,
    answerMatch?.params.tab,
    answerMatch?.params.answer,
    isMatrix,
    applicationId,
  ]);
  useShortcuts(shortcuts);
  usePlaybackSpeedKeys();

  if (job.isError || application.isError) throw job.error ?? application.error;
  if (!job.data || !application.data || !answers.data) return <PageSkeleton />;

  const context: IntervieweeContext = {
    job: job.data,
    application: application.data,
    answers: answers.data,
    user,
    isCompany,
  };
  const app = application.data;
  const tabs: { to: IntervieweeChild; label: string }[] = [
    { to: 'overview', label: t('tabs.overview') },
    { to: 'answer', label: t('tabs.answers', { count: answers.data.length }) },
    ...(isMatrix ? [{ to: 'matrix' as const, label: t('tabs.matrix') }] : []),
    ...(isCompany ? [{ to: 'comms' as const, label: t('tabs.comms') }] : []),
  ];

  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-20 border-b border-border bg-surface/95 backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <Link
            to={paths.job(jobId, { status: app.stage, filter: 'all' })}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-ink"
          >
            <ArrowLeft className="size-4" aria-hidden />
            <span className="max-w-48 truncate">{job.data.title}</span>
          </Link>
          <div className="order-3 flex w-full min-w-0 items-center gap-3 sm:order-none sm:w-auto sm:flex-1">
            <div className="min-w-0">
              <h1 className="truncate text-lg font-semibold text-ink">
                {app.user.full_name}
              </h1>
              <p className="truncate text-sm text-muted">{app.user.email}</p>
            </div>
            <StatusPill
              tone={app.status_label.tone}
              title={app.status_label.hover ?? undefined}
            >
              {t(`stage.${app.stage}`)}
            </StatusPill>
          </div>
          <div className="ml-auto flex items-center gap-2 sm:ml-0">
            {/* Sharing is for company users (decision 153). */}
            {isCompany && (
              <>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setSharing(true)}
                >
                  <Share2 className="size-4" aria-hidden />
                  {t('share', { ns: 'share-links' })}
                </Button>
                <ShareDialog
                  open={sharing}
                  onOpenChange={setSharing}
                  job={jobId}
                  application={applicationId}
                  candidateName={app.user.full_name}
                />
              </>
            )}
            {previous !== undefined && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => navigate(-1)}
              >
                <ChevronLeft className="size-4" aria-hidden />
                {t('next.previous')}
              </Button>
            )}
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void goNextApplicant()}
              loading={movingNext}
            >
              {t('next.next')}
              <ChevronRight className="size-4" aria-hidden />
            </Button>
            <ShortcutsPopover />
          </div>
        </div>
        <TabLinks
          label={t('tabs.label')}
          className="mx-auto max-w-7xl px-4 sm:px-6"
          items={tabs.map((tab) => ({
            to: paths.interviewee(jobId, applicationId, tab.to),
            label: tab.label,
          }))}
        />
      </header>
      <div className="mx-auto grid w-full max-w-7xl flex-1 grid-cols-1 gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <main className="min-w-0">
          <Outlet context={context} />
        </main>
        <aside className="space-y-4">
          <DecisionPanel job={job.data} application={app} />
          <ReviewPanelCard
            job={jobId}
            application={applicationId}
            isCompany={isCompany}
          />
          <CommentsPanel job={job.data} application={app} user={user} />
          <ActivityPanel job={jobId} application={applicationId} />
        </aside>
      </div>
    </div>
  );
}

function PageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-7xl space-y-4 p-6">
      <Skeleton className="h-10 w-80" />
      <Skeleton className="h-8 w-96" />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Skeleton className="h-96" />
        <Skeleton className="h-96" />
      </div>
    </div>
  );
}
