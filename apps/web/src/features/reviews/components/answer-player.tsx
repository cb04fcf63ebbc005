import type { Answer } from '@candor/domain';
import { AlertTriangle, Clock, Hourglass, Loader2 } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { WrittenAnswer } from '../../../components/written-answer';
import { PlaybackSpeedControl } from './playback-speed-control';
import { usePlaybackSpeed } from './use-playback-speed';

const formatSeconds = (seconds: number | null) =>
  seconds === null
    ? '–'
    : `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/**
 * One answer: the 4:3 player with its question and timings. Compare answers shows one question
 * for several interviewees, so it leaves the question out and names the video after the person.
 */
export function AnswerPlayer({
  answer,
  index,
  hideQuestion = false,
  videoLabel,
}: {
  answer: Answer;
  index: number;
  hideQuestion?: boolean;
  videoLabel?: string;
}) {
  const { t } = useTranslation('reviews');
  return (
    <div className="space-y-4">
      <div hidden={hideQuestion}>
        <p className="text-xs font-medium tracking-wide text-muted uppercase">
          {t('answer.questionNumber', { number: index + 1 })}
        </p>
        <h2 className="mt-1 text-lg font-semibold text-ink">
          {answer.question_text}
        </h2>
        {answer.removed && (
          <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
            <AlertTriangle className="size-3.5" aria-hidden />
            {t('answer.removed')}
          </p>
        )}
      </div>
      {answer.answer_type !== 'video' ? (
        <WrittenAnswer answer={answer} />
      ) : (
        <RecordedAnswer answer={answer} index={index} videoLabel={videoLabel} />
      )}
    </div>
  );
}

function RecordedAnswer({
  answer,
  index,
  videoLabel,
}: {
  answer: Answer;
  index: number;
  videoLabel: string | undefined;
}) {
  const { t } = useTranslation('reviews');
  const [speed, setSpeed] = usePlaybackSpeed();
  // Runs when a video mounts (each answer) and when the speed changes; the default rate
  // keeps the speed when the browser reloads the source.
  const applySpeed = useCallback(
    (video: HTMLVideoElement | null) => {
      if (!video) return;
      video.defaultPlaybackRate = speed;
      video.playbackRate = speed;
    },
    [speed],
  );
  return (
    <>
      <div className="aspect-[4/3] w-full overflow-hidden rounded-lg bg-slate-900">
        {answer.video ? (
          <video
            key={answer.id}
            ref={applySpeed}
            className="size-full bg-black object-contain"
            src={answer.video.url}
            poster={answer.video.thumbnail ?? undefined}
            controls
            // One speed control (ours, remembered) rather than two that disagree.
            controlsList="noplaybackrate"
            preload="metadata"
            aria-label={
              videoLabel ?? t('answer.videoLabel', { number: index + 1 })
            }
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-slate-300">
            {answer.status === 'failed' ? (
              <AlertTriangle className="size-6" aria-hidden />
            ) : (
              <Loader2 className="size-6 animate-spin" aria-hidden />
            )}
            <p className="text-sm">
              {answer.status === 'failed'
                ? t('answer.failed')
                : t('answer.processing')}
            </p>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
          <div className="flex items-center gap-1.5">
            <Hourglass className="size-4 text-muted" aria-hidden />
            <dt>{t('answer.thinkingTime')}</dt>
            <dd className="font-medium text-ink">
              {formatSeconds(answer.thinking_time)}
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Clock className="size-4 text-muted" aria-hidden />
            <dt>{t('answer.answerTime')}</dt>
            <dd className="font-medium text-ink">
              {formatSeconds(answer.video?.duration ?? null)} /{' '}
              {formatSeconds(answer.time_limit)}
            </dd>
          </div>
        </dl>
        {answer.video && (
          <PlaybackSpeedControl speed={speed} onChange={setSpeed} />
        )}
      </div>
    </>
  );
}
