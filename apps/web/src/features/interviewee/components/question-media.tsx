import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadedPlayer } from '../api/get-question-audio';
import type { QuestionMediaEvent } from '../lib/question-clock';
import {
  SpokenCaption,
  Transcript,
  useCaptionTrack,
  useTranscript,
} from './question-captions';

export type QuestionMediaSource = {
  kind: 'video' | 'audio';
  /** Null while it is still on its way (a spoken question's audio). */
  url: string | null;
  /** A video question's WebVTT captions; null when it has none. */
  captions?: string | null;
  /** A spoken question's words, captioned as they are spoken. */
  spokenText?: string;
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
  const { t, i18n } = useTranslation('interviewee');
  const element = useRef<HTMLVideoElement>(null);
  const captionTrack = useCaptionTrack(media.captions);
  const transcript = useTranscript(media.captions);
  const [spokenPlayer, setSpokenPlayer] = useState<HTMLMediaElement | null>(
    null,
  );
  const report = useRef(onEvent);
  useEffect(() => {
    report.current = onEvent;
  });

  const holder = useRef<HTMLDivElement>(null);
  const label = t('recorder.listen');

  useEffect(() => {
    if (!media.url) return;
    // A spoken question plays in the element that loaded it while the previous one was
    // answered (api/get-question-audio.ts); a video in the page's own.
    const spoken = media.kind === 'audio';
    const player = spoken ? loadedPlayer(media.url) : element.current;
    if (!player) return;
    const playing = () => report.current('playing');
    const failed = () => report.current('failed');
    if (spoken) {
      player.controls = true;
      player.className = 'w-full';
      player.setAttribute('aria-label', label);
      player.dataset.testid = 'question-media';
      player.addEventListener('playing', playing);
      player.addEventListener('error', failed);
      holder.current?.append(player);
      setSpokenPlayer(player);
      // It may have failed to load before anyone listened.
      if (player.error) failed();
    }
    player.play().catch((error: unknown) => {
      // An AbortError only means the source changed or the page moved on.
      if (error instanceof DOMException && error.name === 'NotAllowedError')
        report.current('play-refused');
    });
    return () => {
      if (!spoken) return;
      player.pause();
      setSpokenPlayer(null);
      player.removeEventListener('playing', playing);
      player.removeEventListener('error', failed);
      player.remove();
    };
  }, [media.url, media.kind, label]);

  if (!media.url) return null;
  return media.kind === 'video' ? (
    <div className="space-y-3">
      <video
        ref={element}
        src={media.url}
        playsInline
        controls
        className="aspect-[4/3] w-full rounded-lg bg-slate-900"
        data-testid="question-media"
        onPlaying={() => report.current('playing')}
        onError={() => report.current('failed')}
      >
        {media.captions && (
          <track
            ref={captionTrack}
            kind="captions"
            srcLang={i18n.language.slice(0, 2)}
            label={t('captions.label')}
            default
          />
        )}
      </video>
      {transcript && <Transcript text={transcript} />}
    </div>
  ) : (
    <div className="space-y-3">
      <div ref={holder} />
      {media.spokenText && (
        <SpokenCaption player={spokenPlayer} text={media.spokenText} />
      )}
    </div>
  );
}
