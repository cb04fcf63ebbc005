import { Gauge } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { PLAYBACK_SPEEDS, type PlaybackSpeed } from './use-playback-speed';

/** Segmented speed choice; native radios so arrow keys and screen readers work as expected. */
export function PlaybackSpeedControl({
  speed,
  onChange,
}: {
  speed: PlaybackSpeed;
  onChange: (speed: PlaybackSpeed) => void;
}) {
  const { t } = useTranslation('reviews');
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{t('speed.label')}</legend>
      <Gauge className="size-4 text-muted" aria-hidden />
      <span aria-hidden className="text-sm whitespace-nowrap text-slate-600">
        {t('speed.label')}
      </span>
      <div className="inline-flex rounded-lg border border-border bg-slate-50 p-0.5">
        {PLAYBACK_SPEEDS.map((option) => (
          <label
            key={option}
            className={cn(
              'cursor-pointer rounded-md px-2.5 py-1 text-sm font-medium tabular-nums has-focus-visible:ring-4 has-focus-visible:ring-brand-200',
              option === speed
                ? 'bg-surface font-semibold text-brand-800 shadow-sm ring-1 ring-brand-300'
                : 'text-slate-600 hover:text-ink',
            )}
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={option === speed}
              onChange={() => onChange(option)}
            />
            {t('speed.value', { speed: option })}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
