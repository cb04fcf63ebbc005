import { Circle, Loader2, RotateCcw, Send, Square } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { cn } from '../../../lib/cn';
import type { TakeWriter } from '../hooks/use-answer-takes';
import { useCountdown } from '../hooks/use-countdown';
import {
  formatClock,
  pickRecordingType,
  RECORDING_BITRATES,
} from '../lib/recording';
import {
  initialQuestionMedia,
  isThinkingClockRunning,
  QUESTION_MEDIA_TIMEOUT_SECONDS,
  questionMediaAfter,
} from '../lib/question-clock';
import { CameraPreview } from './camera-preview';
import { QuestionMedia, type QuestionMediaSource } from './question-media';

type Phase = 'prepare' | 'recording' | 'review';

/** MediaRecorder's timeslice: each second of the answer is on the device a moment later. */
const TIMESLICE_MS = 1000;

export type RecorderQuestion = {
  /** e.g. 'Question 2 of 5' or 'Practice question'. */
  label: string;
  text: string;
  /** `failed`: the media could not be fetched (the text stands in at once). */
  media: (QuestionMediaSource & { failed?: boolean }) | null;
  thinkingTime: number;
  timeLimit: number;
};

/**
 * Where a question's takes go (the device store and the upload, for real questions; the
 * practice question keeps its take in memory only).
 */
export type TakeCapture = {
  begin(input: { mimeType: string; retakesUsed: number }): Promise<TakeWriter>;
  /** A take recorded before a reload or a crash, found on the device: shown for review. */
  draft: { takeId: string; retakesUsed: number } | null;
  /** The whole recording of a take on the device, to watch it again. */
  load(takeId: string): Promise<Blob>;
  /** The take's line under its playback ('Saved on this device', 'Uploading 40%'). */
  status?(takeId: string): ReactNode;
  /** Drops a take that holds nothing (stopped before the camera gave a frame). */
  discard?(takeId: string): Promise<void>;
};

type Take = { url: string; takeId: string | null };

/**
 * One question: it plays, and the thinking time counts down from the moment it can be heard
 * (decision 175), then the camera records up to the time limit (or until stopped), the take
 * can be watched and re-recorded while retakes remain, and finally submitted.
 */
export function AnswerRecorder({
  stream,
  question,
  maxRetakes,
  submitLabel,
  onSubmit,
  aside,
  capture,
  paused = false,
}: {
  stream: MediaStream;
  question: RecorderQuestion;
  /** null: as many as wanted (the practice question). */
  maxRetakes: number | null;
  submitLabel: string;
  /** The take the interviewee sends (its id on the device, null for the practice take). */
  onSubmit: (takeId: string | null) => void;
  aside?: ReactNode;
  capture?: TakeCapture;
  /** Holds the thinking time (a dialog is open over the question). */
  paused?: boolean;
}) {
  const { t } = useTranslation('interviewee');
  const draft = capture?.draft ?? null;
  const [phase, setPhase] = useState<Phase>(draft ? 'review' : 'prepare');
  const [retakesUsed, setRetakesUsed] = useState(draft?.retakesUsed ?? 0);
  const [take, setShownTake] = useState<Take | null>(null);
  /** The take under review, at once (a stopped take turns into the hook's draft a moment later). */
  const shownTakeId = useRef<string | null>(null);
  const setTake = useCallback((next: Take | null) => {
    shownTakeId.current = next?.takeId ?? null;
    setShownTake(next);
  }, []);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const captureRef = useRef(capture);
  useEffect(() => {
    captureRef.current = capture;
  });

  // A take found on the device after a reload: watched from there, then sent or re-recorded.
  const draftId = draft?.takeId ?? null;
  useEffect(() => {
    // This page's own take, stopped a moment ago, is already under review.
    if (!draftId || shownTakeId.current === draftId) return;
    let cancelled = false;
    void captureRef.current?.load(draftId).then(
      (blob) => {
        if (!cancelled)
          setTake({ url: URL.createObjectURL(blob), takeId: draftId });
      },
      () => {
        if (!cancelled) setError(t('recorder.draftUnreadable'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [draftId, t, setTake]);

  const startRecording = useCallback(() => {
    setError(null);
    chunks.current = [];
    const mimeType = pickRecordingType();
    try {
      const next = new MediaRecorder(stream, {
        ...(mimeType ? { mimeType } : {}),
        ...RECORDING_BITRATES,
      });
      const type = next.mimeType || mimeType || 'video/webm';
      // Each slice goes to the device (and from there to the server) as it comes; the
      // recorder does not wait for the device store to open.
      const writer = captureRef.current
        ?.begin({ mimeType: type, retakesUsed })
        .catch(() => null);
      // Slices handed over after Stop (the last one) end the take together with the stop
      // event, which follows them in the same task: the upload's waiting read then sends them
      // with the take's length in one request (decision 164).
      const last: Blob[] = [];
      next.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        chunks.current.push(event.data);
        if (next.state === 'inactive') last.push(event.data);
        else void writer?.then((open) => open?.append(event.data));
      };
      next.onstop = () => {
        if (chunks.current.length === 0) {
          // Stopped before the camera gave anything: there is nothing to watch or send, and
          // it is not a retake.
          void writer?.then(async (open) => {
            await open?.finish([]);
            if (open) await captureRef.current?.discard?.(open.takeId);
          });
          setError(t('recorder.nothingRecorded'));
          setPhase('prepare');
          return;
        }
        const blob = new Blob(chunks.current, { type });
        const url = URL.createObjectURL(blob);
        if (writer) {
          void writer.then((open) => {
            // The take's end goes to the device and the upload first; its review starts now.
            void open?.finish(last);
            setTake({ url, takeId: open?.takeId ?? null });
            setPhase('review');
          });
        } else {
          setTake({ url, takeId: null });
          setPhase('review');
        }
      };
      next.start(TIMESLICE_MS);
      recorder.current = next;
      setPhase('recording');
    } catch {
      setError(t('recorder.cannotRecord'));
    }
  }, [stream, t, retakesUsed, setTake]);

  const stopRecording = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const [mediaState, reportMedia] = useReducer(
    questionMediaAfter,
    question.media !== null,
    initialQuestionMedia,
  );
  const mediaFailed = question.media?.failed === true;
  useEffect(() => {
    if (mediaFailed) reportMedia('failed');
  }, [mediaFailed]);
  useEffect(() => {
    if (mediaState !== 'loading') return;
    const timer = setTimeout(
      () => reportMedia('timed-out'),
      QUESTION_MEDIA_TIMEOUT_SECONDS * 1000,
    );
    return () => clearTimeout(timer);
  }, [mediaState]);
  const clockRunning = isThinkingClockRunning(mediaState);

  const thinkingLeft = useCountdown(
    question.thinkingTime,
    phase === 'prepare' && question.thinkingTime > 0 && !paused && clockRunning,
    startRecording,
  );
  const recordingLeft = useCountdown(
    question.timeLimit,
    phase === 'recording',
    stopRecording,
  );

  // A take's preview URL holds the recording in memory: free it when replaced or unmounted.
  useEffect(
    () => () => (take ? URL.revokeObjectURL(take.url) : undefined),
    [take],
  );
  // Leaving the question while recording (a dialog's decline, an unmount) ends the take
  // where it is; its slices stay on the device as a draft.
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
    },
    [],
  );

  // The button just pressed (or a countdown's end) removes itself with its phase, and focus
  // would fall back to the page's top: a keyboard user lands on the next thing to do instead,
  // and a new question starts on its text so a screen reader reads it out.
  const heading = useRef<HTMLHeadingElement>(null);
  const nextAction = useRef<HTMLButtonElement>(null);
  const isFirstPhase = useRef(true);
  useEffect(() => {
    const lost =
      !document.activeElement || document.activeElement === document.body;
    if (isFirstPhase.current) {
      isFirstPhase.current = false;
      if (lost) heading.current?.focus();
      return;
    }
    if (lost) nextAction.current?.focus();
  }, [phase, take]);

  const retakesLeft = maxRetakes === null ? null : maxRetakes - retakesUsed;
  const recordAgain = () => {
    setRetakesUsed((used) => used + 1);
    setTake(null);
    setPhase('prepare');
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-8">
      <section className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5 shadow-xs sm:p-6 lg:self-start">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {question.label}
        </p>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-xl leading-snug font-semibold text-ink focus:outline-none sm:text-2xl"
          data-testid="question-text"
        >
          {question.text}
        </h1>
        {question.media && phase === 'prepare' && (
          <QuestionMedia media={question.media} onEvent={reportMedia} />
        )}
        {question.media && mediaState === 'unavailable' && (
          <p
            role="alert"
            className="rounded-lg bg-warning-soft p-3 text-sm text-amber-900"
          >
            {t(`recorder.mediaUnavailable.${question.media.kind}`)}
          </p>
        )}
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-muted">{t('recorder.thinkingTime')}</dt>
            <dd className="font-semibold text-ink">
              {formatClock(question.thinkingTime)}
            </dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-muted">{t('recorder.timeLimit')}</dt>
            <dd className="font-semibold text-ink">
              {formatClock(question.timeLimit)}
            </dd>
          </div>
        </dl>
        {aside}
      </section>

      <section className="flex flex-col gap-4">
        {phase === 'review' ? (
          <div className="space-y-2">
            {take ? (
              <video
                key={take.url}
                src={take.url}
                controls
                playsInline
                className="mx-auto max-h-[60dvh] w-full rounded-xl bg-slate-900"
                data-testid="take-playback"
              />
            ) : (
              <div
                className="aspect-[4/3] max-h-[60dvh] w-full animate-pulse rounded-xl bg-slate-200"
                aria-busy
              />
            )}
            {take?.takeId && capture?.status && (
              <div className="text-sm" data-testid="take-status">
                {capture.status(take.takeId)}
              </div>
            )}
          </div>
        ) : (
          <CameraPreview stream={stream}>
            {phase === 'prepare' && !clockRunning && (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-950/60 p-6 text-center text-white">
                {mediaState === 'loading' && (
                  <Loader2 className="size-8 animate-spin" aria-hidden />
                )}
                <span
                  role="status"
                  className="max-w-sm text-base font-medium sm:text-lg"
                  data-testid="question-waiting"
                >
                  {mediaState === 'blocked'
                    ? t(`recorder.pressPlay.${question.media?.kind ?? 'audio'}`)
                    : t('recorder.loadingQuestion')}
                </span>
              </div>
            )}
            {phase === 'prepare' &&
              clockRunning &&
              question.thinkingTime > 0 && (
                <div className="absolute inset-0 flex flex-col items-center justify-center bg-slate-950/45 text-white">
                  <span className="text-sm font-medium">
                    {t('recorder.recordingStartsIn')}
                  </span>
                  <span
                    className="text-6xl font-semibold tabular-nums sm:text-7xl"
                    role="timer"
                    data-testid="thinking-countdown"
                  >
                    {formatClock(thinkingLeft)}
                  </span>
                </div>
              )}
            {phase === 'recording' && (
              <div className="absolute inset-x-0 top-0 flex items-center justify-between p-3">
                <span className="inline-flex items-center gap-2 rounded-full bg-red-600 px-3 py-1 text-sm font-semibold text-white">
                  <Circle
                    className="size-3 animate-pulse fill-current"
                    aria-hidden
                  />{' '}
                  {t('recorder.recording')}
                </span>
                <span
                  role="timer"
                  aria-label={t('recorder.timeLeft')}
                  className={cn(
                    'rounded-full bg-slate-950/70 px-3 py-1 text-lg font-semibold text-white tabular-nums',
                    recordingLeft <= 10 && 'bg-red-600',
                  )}
                  data-testid="recording-countdown"
                >
                  {formatClock(recordingLeft)}
                </span>
              </div>
            )}
          </CameraPreview>
        )}
        {phase === 'recording' && (
          <div
            className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
            aria-hidden
          >
            <div
              className="h-full bg-red-600 transition-[width] duration-200"
              style={{
                width: `${100 - (recordingLeft / question.timeLimit) * 100}%`,
              }}
            />
          </div>
        )}
        {/* Screen readers hear each change of phase, not every tick of the countdowns. */}
        <p className="sr-only" aria-live="assertive">
          {phase === 'recording'
            ? t('recorder.announceRecording')
            : phase === 'review'
              ? t('recorder.announceReview')
              : ''}
        </p>
        {error && (
          <p
            role="alert"
            className="rounded-lg bg-danger-soft p-3 text-sm text-red-900"
          >
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {phase === 'prepare' && (
            <Button
              ref={nextAction}
              size="lg"
              onClick={startRecording}
              className="w-full sm:w-auto"
            >
              <Circle className="size-4 fill-current" aria-hidden />{' '}
              {t('recorder.startNow')}
            </Button>
          )}
          {phase === 'recording' && (
            <Button
              ref={nextAction}
              size="lg"
              variant="danger"
              onClick={stopRecording}
              className="w-full sm:w-auto"
            >
              <Square className="size-4 fill-current" aria-hidden />{' '}
              {t('recorder.stop')}
            </Button>
          )}
          {phase === 'review' && take && (
            <>
              <Button
                size="lg"
                variant="secondary"
                onClick={recordAgain}
                disabled={retakesLeft !== null && retakesLeft <= 0}
                className="w-full sm:w-auto"
              >
                <RotateCcw className="size-4" aria-hidden />
                {retakesLeft === null
                  ? t('recorder.recordAgain')
                  : t('recorder.recordAgainLeft', { count: retakesLeft })}
              </Button>
              <Button
                ref={nextAction}
                size="lg"
                onClick={() => onSubmit(take.takeId)}
                className="w-full sm:w-auto"
              >
                <Send className="size-4" aria-hidden /> {submitLabel}
              </Button>
            </>
          )}
        </div>
        {phase === 'review' && (
          <p className="text-sm text-muted sm:text-right">
            {t('recorder.reviewHint')}
          </p>
        )}
      </section>
    </div>
  );
}
