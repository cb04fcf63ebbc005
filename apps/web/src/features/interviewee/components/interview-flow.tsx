import type { IntervieweeInterview, IntervieweeQuestion } from '@candor/domain';
import { useQueryClient } from '@tanstack/react-query';
import {
  AlertTriangle,
  CalendarX,
  CheckCircle2,
  CloudUpload,
  DoorClosed,
  Hand,
  HardDrive,
} from 'lucide-react';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { chosenLocale, useAppliedLocale } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDeclineInterview } from '../api/decline-interview';
import { intervieweeKeys, useInterview } from '../api/get-interview';
import { questionQuery, useQuestion } from '../api/get-question';
import {
  questionAudioQuery,
  useQuestionAudio,
} from '../api/get-question-audio';
import { useGiveConsent } from '../api/give-consent';
import { useCamera } from '../hooks/use-camera';
import { useAnswerTakes, type AnswerTakes } from '../hooks/use-answer-takes';
import { AnswerRecorder, type RecorderQuestion } from './answer-recorder';
import { DeclineDialog } from './decline-dialog';
import { DeviceCheckStep } from './device-check-step';
import { TypedAnswer } from './typed-answer';
import { InterviewShell, MessagePanel } from './interview-shell';
import { AnswerStatus, UploadPanel } from './upload-panel';
import { WelcomeStep } from './welcome-step';

const ThankYouForms = lazy(() => import('./thank-you-forms'));

type Step = 'welcome' | 'device' | 'practice' | 'questions';

const PRACTICE = { thinkingTime: 5, timeLimit: 30 };

/** The whole answering journey behind one token, from welcome to thank-you. */
export function InterviewFlow({ token }: { token: string }) {
  const { t } = useTranslation('interviewee');
  const query = useInterview(token);
  const interview = query.data;
  usePageTitle(interview?.title ?? t('title'));

  // The interview's language, unless the visitor chose one with ?lang=; the skeleton stays
  // until its translations are loaded.
  const languageReady = useAppliedLocale(
    interview && !chosenLocale() ? interview.language : undefined,
  );

  if (query.isPending || !languageReady) {
    return (
      <InterviewShell company={null}>
        <div className="mx-auto w-full max-w-3xl space-y-4" aria-busy>
          <Skeleton className="h-10 w-2/3" />
          <SkeletonText lines={4} />
          <Skeleton className="h-48 w-full" />
        </div>
      </InterviewShell>
    );
  }
  if (query.isError || !interview) return <RetrievalError />;
  return <LoadedFlow token={token} interview={interview} />;
}

export function RetrievalError() {
  const { t } = useTranslation('interviewee');
  usePageTitle(t('error.title'));
  return (
    <InterviewShell company={null}>
      <MessagePanel
        icon={<AlertTriangle className="size-8" aria-hidden />}
        title={t('error.title')}
        tone="warning"
      >
        <p>{t('error.help')}</p>
      </MessagePanel>
    </InterviewShell>
  );
}

/** How often the sending screen asks whether the interview is complete once nothing is left to send. */
const CHECK_AGAIN_MS = 3000;

function LoadedFlow({
  token,
  interview,
}: {
  token: string;
  interview: IntervieweeInterview;
}) {
  const { t } = useTranslation('interviewee');
  const queryClient = useQueryClient();
  const camera = useCamera();
  const consent = useGiveConsent(token);
  const decline = useDeclineInterview(token);
  const [step, setStep] = useState<Step>('welcome');
  const [submitted, setSubmitted] = useState<number[]>([]);
  const [declineOpen, setDeclineOpen] = useState(false);
  const refresh = useCallback(
    () =>
      void queryClient.invalidateQueries({
        queryKey: intervieweeKeys.interview(token),
      }),
    [queryClient, token],
  );
  const takes = useAnswerTakes(token, refresh);

  const answered = interview.answered_question_ids;
  const onDevice = takes.submittedQuestionIds;
  const remaining = interview.question_ids.filter(
    (id) =>
      !answered.includes(id) &&
      !submitted.includes(id) &&
      !onDevice.includes(id),
  );
  const current = remaining[0];
  const draft = current === undefined ? null : takes.draftFor(current);
  const resuming = answered.length > 0 || onDevice.length > 0 || !!draft;
  const position =
    current === undefined
      ? interview.question_count
      : interview.question_ids.indexOf(current) + 1;
  const finished = current === undefined && step === 'questions';
  useQuestionAhead(token, remaining[0]);
  useQuestionAhead(token, remaining[1]);
  const { stop: stopCamera } = camera;
  const stream = camera.state.status === 'ready' ? camera.state.stream : null;

  useEffect(() => {
    if (finished || interview.status !== 'open') stopCamera();
  }, [finished, interview.status, stopCamera]);

  // Every answer is off the device but the interview is not complete yet: ask the server
  // again until it is, so a reply that raced the last completion cannot leave 'Almost done…'.
  const checking = finished && !takes.busy && interview.status === 'open';
  useEffect(() => {
    if (!checking) return;
    const timer = setInterval(refresh, CHECK_AGAIN_MS);
    return () => clearInterval(timer);
  }, [checking, refresh]);

  const company = interview.company;
  // Never 'finished' while an answer is only on this device.
  if (interview.status === 'completed' && !takes.busy)
    return <ThankYou token={token} interview={interview} />;
  if (interview.status === 'declined') {
    return (
      <InterviewShell company={company}>
        <MessagePanel
          icon={<Hand className="size-8" aria-hidden />}
          title={t('declined.title')}
        >
          <p>{t('declined.body', { company: company.name })}</p>
        </MessagePanel>
      </InterviewShell>
    );
  }
  if (interview.status === 'expired' || interview.status === 'closed') {
    const Icon = interview.status === 'expired' ? CalendarX : DoorClosed;
    return (
      <InterviewShell company={company}>
        <MessagePanel
          icon={<Icon className="size-8" aria-hidden />}
          title={t(`${interview.status}.title`)}
        >
          <p>{t(`${interview.status}.body`, { company: company.name })}</p>
        </MessagePanel>
      </InterviewShell>
    );
  }

  const progress =
    step === 'questions' && current !== undefined
      ? t('progress.question', { position, count: interview.question_count })
      : step === 'practice'
        ? t('progress.practice')
        : undefined;

  let body;
  if (step === 'welcome') {
    body = (
      <WelcomeStep
        interview={interview}
        resuming={resuming}
        consenting={consent.isPending}
        consentError={consent.error?.message}
        answers={
          <>
            {draft && (
              <p className="flex items-start gap-2 rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
                <HardDrive className="mt-0.5 size-4 shrink-0" aria-hidden />
                {t('welcome.draft', { position: draft.position })}
              </p>
            )}
            {takes.items.length > 0 && (
              <UploadPanel items={takes.items} onRetry={takes.retry} />
            )}
          </>
        }
        onStart={() => {
          const next = () => {
            // Every question is answered or waiting on this device, or none is recorded: no
            // camera needed.
            if (remaining.length === 0 || !interview.records_video) {
              setStep('questions');
              return;
            }
            setStep('device');
            void camera.start();
          };
          if (interview.consented) next();
          else consent.mutate(undefined, { onSuccess: next });
        }}
        onDecline={() => setDeclineOpen(true)}
      />
    );
  } else if (
    !finished &&
    interview.records_video &&
    (!stream || step === 'device')
  ) {
    body = (
      <DeviceCheckStep
        camera={camera.state}
        onRetry={() => void camera.start()}
        onContinue={() => setStep(resuming ? 'questions' : 'practice')}
      />
    );
  } else if (step === 'practice' && stream) {
    body = (
      <AnswerRecorder
        stream={stream}
        question={{
          label: t('practice.label'),
          text: t('practice.question'),
          media: null,
          ...PRACTICE,
        }}
        maxRetakes={null}
        paused={declineOpen}
        submitLabel={t('practice.done')}
        onSubmit={() => setStep('questions')}
        aside={
          <div className="space-y-3 rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
            <p>{t('practice.explain')}</p>
            <Button variant="link" onClick={() => setStep('questions')}>
              {t('practice.skip')}
            </Button>
          </div>
        }
      />
    );
  } else if (current !== undefined && (stream || !interview.records_video)) {
    const failed = interview.failed_answers.some(
      (item) => item.question === current,
    );
    body = (
      <QuestionStep
        key={current}
        token={token}
        questionId={current}
        position={position}
        count={interview.question_count}
        stream={stream}
        maxRetakes={interview.max_retakes}
        paused={declineOpen}
        failedBefore={failed}
        takes={takes}
        onSubmit={(takeId) => {
          if (takeId) void takes.submit(takeId);
          else refresh();
          setSubmitted((list) => [...list, current]);
        }}
      />
    );
  } else {
    // Nothing moving: offline, or waiting to try again (bytes on the device, or a Submit whose
    // take the server has).
    const waiting =
      takes.items.some(
        (item) => item.state.kind === 'device' || item.waiting,
      ) && !takes.items.some((item) => item.state.kind === 'uploading');
    body = (
      <MessagePanel
        icon={
          waiting ? (
            <HardDrive className="size-8" aria-hidden />
          ) : (
            <CloudUpload className="size-8" aria-hidden />
          )
        }
        title={
          waiting
            ? t('finishing.waiting')
            : takes.busy
              ? t('finishing.title')
              : t('finishing.checking')
        }
      >
        <p>{waiting ? t('finishing.deviceBody') : t('finishing.body')}</p>
        <div className="text-left">
          <UploadPanel
            items={takes.items}
            onRetry={takes.retry}
            showHint={false}
          />
        </div>
      </MessagePanel>
    );
  }

  return (
    <InterviewShell company={company} progress={progress}>
      {body}
      {step !== 'welcome' && !finished && (
        <div className="mt-8 text-center">
          <Button
            variant="link"
            className="text-slate-500"
            onClick={() => setDeclineOpen(true)}
          >
            {t('welcome.decline')}
          </Button>
        </div>
      )}
      <DeclineDialog
        open={declineOpen}
        onOpenChange={setDeclineOpen}
        pending={decline.isPending}
        error={
          decline.error
            ? isApiError(decline.error)
              ? decline.error.message
              : t('error.title')
            : undefined
        }
        onDecline={(reason) =>
          decline.mutate(reason, { onSuccess: () => setDeclineOpen(false) })
        }
      />
    </InterviewShell>
  );
}

function QuestionStep({
  token,
  questionId,
  position,
  count,
  stream,
  maxRetakes,
  paused,
  failedBefore,
  takes,
  onSubmit,
}: {
  token: string;
  questionId: number;
  position: number;
  count: number;
  /** Null when no question of the interview is recorded. */
  stream: MediaStream | null;
  maxRetakes: number;
  paused: boolean;
  failedBefore: boolean;
  takes: AnswerTakes;
  onSubmit: (takeId: string | null) => void;
}) {
  const { t } = useTranslation('interviewee');
  const question = useQuestion(token, questionId);
  const media = useQuestionMedia(question.data ?? null);
  // The device's takes must be known first: a draft of this question opens in review.
  if (question.isPending || !takes.ready) {
    return (
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]" aria-busy>
        <Skeleton className="h-64 w-full" />
        <Skeleton className="aspect-[4/3] w-full" />
      </div>
    );
  }
  if (question.isError) {
    return (
      <MessagePanel
        icon={<AlertTriangle className="size-8" aria-hidden />}
        title={t('error.question')}
        tone="warning"
      >
        <Button onClick={() => void question.refetch()}>
          {t('upload.retry')}
        </Button>
      </MessagePanel>
    );
  }
  const data = question.data;
  const label = t('progress.question', { position, count });
  const submitLabel =
    position === count ? t('recorder.submitLast') : t('recorder.submit');
  if (data.answer_type !== 'video' || !stream)
    return (
      <TypedAnswer
        token={token}
        question={data}
        label={label}
        media={media}
        submitLabel={submitLabel}
        onSaved={() => onSubmit(null)}
      />
    );
  const draft = takes.draftFor(questionId);
  return (
    <AnswerRecorder
      stream={stream}
      question={{
        label,
        text: data.text,
        media,
        thinkingTime: data.thinking_time,
        timeLimit: data.time_limit,
      }}
      maxRetakes={maxRetakes}
      paused={paused}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      capture={{
        begin: ({ mimeType, retakesUsed }) =>
          takes.begin({ questionId, position, mimeType, retakesUsed }),
        draft: draft
          ? { takeId: draft.id, retakesUsed: draft.retakesUsed }
          : null,
        load: takes.recordingOf,
        discard: takes.discard,
        status: (takeId) => {
          const state = takes.stateOfTake(takeId);
          return state ? <AnswerStatus state={state} /> : null;
        },
      }}
      aside={
        <>
          {failedBefore && !draft && (
            <p
              role="alert"
              className="rounded-lg bg-warning-soft p-3 text-sm text-amber-900"
            >
              {t('recorder.failedBefore')}
            </p>
          )}
          <UploadPanel items={takes.items} onRetry={takes.retry} />
        </>
      }
    />
  );
}

/**
 * Fetches a question the candidate meets soon, with its spoken audio, so it plays the moment
 * it shows: the first while the candidate reads the welcome, the next while they answer the
 * current one (decision 175).
 */
function useQuestionAhead(token: string, questionId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (questionId === undefined) return;
    void queryClient
      .fetchQuery(questionQuery(token, questionId))
      .then((question) =>
        question.media.kind === 'audio'
          ? queryClient.prefetchQuery(questionAudioQuery(question.media.url))
          : undefined,
      )
      .catch(() => undefined);
  }, [queryClient, token, questionId]);
}
/**
 * What the recorder plays: a video from its address, a spoken question from the audio in
 * memory (null until it has arrived, failed if it could not be fetched).
 */
function useQuestionMedia(
  question: Pick<IntervieweeQuestion, 'media' | 'captions' | 'text'> | null,
): RecorderQuestion['media'] {
  const media = question?.media ?? null;
  const audioUrl = media?.kind === 'audio' ? media.url : null;
  const audio = useQuestionAudio(audioUrl);
  if (!question || !media) return null;
  if (media.kind === 'video')
    return { kind: 'video', url: media.url, captions: question.captions };
  return {
    kind: 'audio',
    url: audio.data ?? null,
    failed: audio.isError,
    spokenText: question.text,
  };
}

function ThankYou({
  token,
  interview,
}: {
  token: string;
  interview: IntervieweeInterview;
}) {
  const { t } = useTranslation('interviewee');
  usePageTitle(t('thanks.pageTitle'));
  return (
    <InterviewShell company={interview.company}>
      <MessagePanel
        icon={<CheckCircle2 className="size-9" aria-hidden />}
        title={t('thanks.title', { name: interview.first_name })}
        tone="success"
      >
        <p>{t('thanks.body', { company: interview.company.name })}</p>
        <p className="text-sm text-muted">{t('thanks.close')}</p>
        <Suspense fallback={null}>
          <ThankYouForms
            token={token}
            company={interview.company.name}
            survey={interview.survey}
          />
        </Suspense>
      </MessagePanel>
    </InterviewShell>
  );
}
