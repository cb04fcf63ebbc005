import { Pause, Volume2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';

/**
 * Plays a question's spoken audio (`url + '/tts'`), rendered by the server on first play.
 * `text` versions the address, so edited text is never played from the browser's cache.
 */
export function QuestionAudioButton({
  url,
  text,
  label,
}: {
  url: string;
  text: string;
  label?: string;
}) {
  const { t } = useTranslation('create');
  const audio = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'playing' | 'failed'>(
    'idle',
  );
  useEffect(() => () => audio.current?.pause(), []);

  const toggle = () => {
    if (state === 'playing') {
      audio.current?.pause();
      setState('idle');
      return;
    }
    if (!audio.current) {
      const element = new Audio(`${url}/tts?v=${textVersion(text)}`);
      element.onended = () => setState('idle');
      element.onplaying = () => setState('playing');
      element.onerror = () => setState('failed');
      audio.current = element;
    }
    setState('loading');
    audio.current.currentTime = 0;
    audio.current.play().catch(() => setState('failed'));
  };

  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={toggle}
      loading={state === 'loading'}
      aria-pressed={state === 'playing'}
    >
      {state === 'playing' ? (
        <Pause className="size-4" aria-hidden />
      ) : (
        <Volume2 className="size-4" aria-hidden />
      )}
      {state === 'failed'
        ? t('audio.failed')
        : state === 'playing'
          ? t('audio.stop')
          : (label ?? t('audio.play'))}
    </Button>
  );
}

/** A short fingerprint of the text (FNV-1a), enough to tell versions apart in a URL. */
function textVersion(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
