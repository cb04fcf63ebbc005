import type { RatingDescription } from '@candor/domain';
import * as Slider from '@radix-ui/react-slider';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { cn } from '../../../lib/cn';
import { ratingClasses } from './rating-colour';

type RatingSliderProps = {
  label: string;
  min: number;
  scale: number;
  value: number | null;
  descriptions: RatingDescription[];
  disabled?: boolean;
  onCommit: (value: number) => void;
};

/**
 * The rating slider on the job's scale. With a minimum of 0 the first step is the
 * 'No rating' zone. The thumb and value take the rating colour.
 */
export function RatingSlider({
  label,
  min,
  scale,
  value,
  descriptions,
  disabled,
  onCommit,
}: RatingSliderProps) {
  const { t } = useTranslation('reviews');
  const [draft, setDraft] = useState<number | null>(value);
  const [scaleOpen, setScaleOpen] = useState(false);
  // A saved rating arriving from the server replaces the draft (state adjusted while rendering).
  const [savedValue, setSavedValue] = useState(value);
  if (savedValue !== value) {
    setSavedValue(value);
    setDraft(value);
  }
  const shown = draft ?? min;
  const isNoRating = draft === null || (min === 0 && draft === 0);
  const classes = ratingClasses(shown, scale);
  const steps = Array.from(
    { length: scale - min + 1 },
    (_, index) => min + index,
  );
  const description = descriptions.find((entry) => entry.level === draft)?.text;

  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium text-ink" id={`${label}-label`}>
          {label}
        </span>
        <button
          type="button"
          className="text-sm font-medium text-brand-700 hover:underline"
          onClick={() => setScaleOpen(true)}
        >
          {t('rating.viewScale')}
        </button>
      </div>
      <div className="flex items-start gap-4">
        <div className="flex-1">
          <Slider.Root
            className="relative flex h-8 w-full touch-none items-center select-none"
            min={min}
            max={scale}
            step={1}
            value={[shown]}
            disabled={disabled}
            aria-labelledby={`${label}-label`}
            onValueChange={([next]) => setDraft(next ?? min)}
            onValueCommit={([next]) => next !== undefined && onCommit(next)}
          >
            <Slider.Track className="relative h-2 grow rounded-full bg-slate-200">
              {min === 0 && (
                <span
                  className="absolute inset-y-0 left-0 rounded-l-full bg-[repeating-linear-gradient(45deg,#cbd5e1_0,#cbd5e1_3px,transparent_3px,transparent_6px)]"
                  style={{ width: `${100 / scale / 2}%` }}
                  aria-hidden
                />
              )}
              {!isNoRating && (
                <Slider.Range
                  className={cn('absolute h-full rounded-full', classes.fill)}
                />
              )}
            </Slider.Track>
            <Slider.Thumb
              aria-valuetext={
                isNoRating ? t('rating.noRating') : `${shown} / ${scale}`
              }
              className={cn(
                'block size-5 rounded-full border-2 border-white shadow ring-1 ring-slate-300 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none',
                isNoRating ? 'bg-slate-400' : classes.fill,
              )}
            />
          </Slider.Root>
          <div className="flex justify-between text-xs text-muted" aria-hidden>
            {steps.map((step) => (
              <span key={step}>{step === 0 ? t('rating.noRating') : step}</span>
            ))}
          </div>
        </div>
        <span
          className={cn(
            'w-20 text-right text-lg font-semibold tabular-nums',
            isNoRating ? 'text-muted' : classes.text,
          )}
        >
          {isNoRating ? t('rating.noRatingShort') : `${shown} / ${scale}`}
        </span>
      </div>
      {description && !isNoRating && (
        <p className="text-sm text-slate-600">{description}</p>
      )}
      <Modal
        open={scaleOpen}
        onOpenChange={setScaleOpen}
        title={t('rating.scaleTitle')}
        size="sm"
        footer={
          <Button variant="secondary" onClick={() => setScaleOpen(false)}>
            {t('actions.close', { ns: 'common' })}
          </Button>
        }
      >
        <ol className="space-y-2">
          {steps.map((step) => {
            const text = descriptions.find(
              (entry) => entry.level === step,
            )?.text;
            return (
              <li
                key={step}
                className="flex gap-3 rounded-lg border border-border p-3"
              >
                <span
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white',
                    step === 0
                      ? 'bg-slate-400'
                      : ratingClasses(step, scale).fill,
                  )}
                >
                  {step}
                </span>
                <span className="self-center text-sm text-ink">
                  {step === 0
                    ? t('rating.noRatingDescription')
                    : (text ?? t('rating.noDescription'))}
                </span>
              </li>
            );
          })}
        </ol>
      </Modal>
    </div>
  );
}
