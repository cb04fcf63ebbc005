import {
  captionsFromSpeech,
  parseWebVtt,
  transcriptOf,
  type Cue,
} from '@candor/domain';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** A video question's words, for the transcript under its player. */
export function useTranscript(captions: string | null | undefined) {
  return useMemo(() => {
    if (!captions) return null;
    try {
      return transcriptOf(parseWebVtt(captions));
    } catch {
      // Saved captions were checked on the way in: nothing to show is the only other case.
      return null;
    }
  }, [captions]);
}

/**
 * A ref for a video question's `track` element, whose source is a blob made and revoked by one
 * effect, so a remount (or React's strict mode) makes a fresh one.
 */
export function useCaptionTrack(
  captions: string | null | undefined,
): RefObject<HTMLTrackElement | null> {
  const track = useRef<HTMLTrackElement>(null);
  useEffect(() => {
    if (!captions || !track.current) return;
    const url = URL.createObjectURL(new Blob([captions], { type: 'text/vtt' }));
    track.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [captions]);
  return track;
}

/** The question's words under its player, for anyone who would rather read them. */
export function Transcript({ text }: { text: string }) {
  const { t } = useTranslation('interviewee');
  return (
    <details className="rounded-lg border border-border bg-surface px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800">
        {t('captions.transcript')}
      </summary>
      <p className="mt-2 leading-relaxed text-slate-700">{text}</p>
    </details>
  );
}

/**
 * A spoken question's captions, made from its words over the speech's length (decision 199)
 * and shown under the audio player as it plays: an audio element draws no captions itself.
 */
export function SpokenCaption({
  player,
  text,
}: {
  player: HTMLMediaElement | null;
  text: string;
}) {
  const [line, setLine] = useState('');
  useEffect(() => {
    if (!player) return;
    let cues: Cue[] = [];
    const measure = () => {
      cues = captionsFromSpeech(text, player.duration);
    };
    const follow = () => {
      const now = player.currentTime;
      setLine(
        cues.find((cue) => cue.start <= now && now < cue.end)?.text ?? '',
      );
    };
    const stop = () => setLine('');
    if (Number.isFinite(player.duration)) measure();
    player.addEventListener('loadedmetadata', measure);
    player.addEventListener('timeupdate', follow);
    player.addEventListener('ended', stop);
    return () => {
      player.removeEventListener('loadedmetadata', measure);
      player.removeEventListener('timeupdate', follow);
      player.removeEventListener('ended', stop);
    };
  }, [player, text]);
  // Read aloud already, and written above as the question: hidden from screen readers.
  return (
    <p
      aria-hidden
      data-testid="spoken-caption"
      className={`min-h-12 rounded-lg px-4 py-2 text-center text-base leading-snug text-white ${line ? 'bg-slate-900' : ''}`}
    >
      {line}
    </p>
  );
}
