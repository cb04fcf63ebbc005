import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionMediaEvent } from '../lib/question-clock';

export type QuestionMediaSource = {
  kind: 'video' | 'audio';
  /** Null while it is still on its way (a spoken question's audio). */
  url: string | null;
};

/**
 * The question's video or spoken audio, started by the page: whether it plays, is refused by
 * the browser's autoplay rule, or fails decides when the thinking time starts
 * (lib/question-clock.ts).
 */
export function QuestionMedia({
  media,
  onEvent,
}: {
  media: QuestionMediaSource;
  onEvent: (event: QuestionMediaEvent) => void;
}) {
  const { t } = useTranslation('interviewee');
  const element = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const report = useRef(onEvent);
  useEffect(() => {
    report.current = onEvent;
  });

  useEffect(() => {
    const player = element.current;
    if (!player || !media.url) return;
    player.play().catch((error: unknown) => {
      // An AbortError only means the source changed or the page moved on.
      if (error instanceof DOMException && error.name === 'NotAllowedError')
        report.current('play-refused');
    });
  }, [media.url]);

  if (!media.url) return null;
  const events = {
    onPlaying: () => report.current('playing'),
    onError: () => report.current('failed'),
  };
  return media.kind === 'video' ? (
    <video
      ref={element}
      src={media.url}
      playsInline
      controls
      className="aspect-[4/3] w-full rounded-lg bg-slate-900"
      data-testid="question-media"
      {...events}
    />
  ) : (
    <audio
      ref={element}
      src={media.url}
      controls
      className="w-full"
      aria-label={t('recorder.listen')}
      data-testid="question-media"
      {...events}
    />
  );
}
