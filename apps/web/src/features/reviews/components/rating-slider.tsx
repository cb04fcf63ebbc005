import type { RatingDescription } from '@candor/domain';
import * as Slider from '@radix-ui/react-slider';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { cn } from '../../../lib/cn';
import { ratingClasses } from './rating-colour';

/** How long the keyboard rests before the rating it reached is saved (decision 127). */
export const RATING_IDLE_COMMIT_MS = 800;

// Keys Radix turns into a step; from unrated they choose the scale's first (or last) level instead.
const STEP_KEYS = new Set([
  'ArrowRight',
  'ArrowUp',
  'ArrowLeft',
  'ArrowDown',
  'PageUp',
  'PageDown',
  'Home',
  'End',
]);

type RatingSliderProps = {
  label: string;
  /** Added to the slider's accessible name, e.g. the question being rated. */
  subject?: string;
  min: number;
  scale: number;
  value: number | null;
  descriptions: RatingDescription[];
  disabled?: boolean;
  /** The save's state (a mutation's status), announced once this slider has saved a rating. */
  saveStatus?: 'idle' | 'pending' | 'success' | 'error';
  /** Called once per decision: pointer released, Enter, focus left, or the keys at rest. */
  onCommit: (value: number) => void;
};

/**
 * The rating slider on the job's scale. With a minimum of 0 the first step is the
 * 'No rating' zone. The thumb and value take the rating colour; unrated, no thumb is drawn.
 */
export function RatingSlider({
  label,
  subject,
  min,
  scale,
  value,
  descriptions,
  disabled,
  saveStatus = 'idle',
  onCommit,
}: RatingSliderProps) {
  const { t } = useTranslation('reviews');
  const labelId = useId();
  const [draft, setDraft] = useState<number | null>(value);
  // True from the first change until it is handed to onCommit.
  const [isDirty, setDirty] = useState(false);
  const [scaleOpen, setScaleOpen] = useState(false);
  // Before this slider saved anything, a status left over from another answer is not its own.
  const [hasCommitted, setCommitted] = useState(false);
  // A saved rating arriving from the server replaces the draft (state adjusted while rendering),
  // unless the reviewer is mid-decision: then their choice stays until it is committed.
  const [savedValue, setSavedValue] = useState(value);
  if (savedValue !== value) {
    setSavedValue(value);
    if (!isDirty) setDraft(value);
  }

  const latestCommit = useRef(onCommit);
  useLayoutEffect(() => {
    latestCommit.current = onCommit;
  });
  // The rating last saved, by this slider or as the server reports it: choosing it again is no decision.
  const committed = useRef(value);
  useLayoutEffect(() => {
    committed.current = value;
  }, [value]);
  const pending = useRef<number | null>(null);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(
    undefined,
  );
  const isKeyboard = useRef(false);
  const isPointerDown = useRef(false);

  const commit = () => {
    clearTimeout(idleTimer.current);
    const next = pending.current;
    if (next === null) return;
    pending.current = null;
    setDirty(false);
    if (next === committed.current) return;
    committed.current = next;
    latestCommit.current(next);
    setCommitted(true);
  };
  const choose = (next: number) => {
    setDraft(next);
    setDirty(true);
    pending.current = next;
  };
  const commitWhenIdle = () => {
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(commit, RATING_IDLE_COMMIT_MS);
  };
  // Leaving the page (or the answer) mid-decision still saves what was chosen.
  useEffect(() => () => commit(), []);

  const onKeyDown = (event: KeyboardEvent) => {
    isKeyboard.current = true;
    if (event.key === 'Enter') {
      commit();
      return;
    }
    // Radix would step from the minimum the unrated thumb rests on, skipping the first level.
    if (draft === null && STEP_KEYS.has(event.key)) {
      event.preventDefault();
      choose(event.key === 'End' ? scale : min);
      commitWhenIdle();
    }
  };

  const isUnrated = draft === null;
  const shown = draft ?? min;
  const isNoRating = isUnrated || (min === 0 && draft === 0);
  const classes = ratingClasses(shown, scale);
  const steps = Array.from(
    { length: scale - min + 1 },
    (_, index) => min + index,
  );
  const description = descriptions.find((entry) => entry.level === draft)?.text;
  const valueText = isUnrated
    ? t('rating.noRatingShort')
    : min === 0 && draft === 0
      ? t('rating.noRating')
      : `${shown} / ${scale}`;

  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium text-ink" id={labelId}>
          {label}
          {subject && (
            <span className="sr-only">{t('rating.subject', { subject })}</span>
          )}
        </span>
        <button
          type="button"
          className="shrink-0 text-sm font-medium text-brand-700 hover:underline"
          onClick={() => setScaleOpen(true)}
        >
          {t('rating.viewScale')}
        </button>
      </div>
      <div className="flex items-start gap-4">
        <div className="min-w-0 flex-1">
          <Slider.Root
            className={cn(
              'relative flex h-8 w-full touch-none items-center select-none',
              // Unrated there is no thumb to ring, so the track shows where focus is.
              isUnrated &&
                'rounded-full has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-200',
            )}
            min={min}
            max={scale}
            step={1}
            value={[shown]}
            disabled={disabled}
            onKeyDown={onKeyDown}
            onPointerDown={() => {
              isKeyboard.current = false;
              isPointerDown.current = true;
            }}
            onPointerUp={() => {
              // A press on the first level leaves Radix's value unchanged, so it commits nothing.
              if (isPointerDown.current && draft === null && !disabled) {
                choose(min);
                commit();
              }
              isPointerDown.current = false;
            }}
            onValueChange={([next]) => {
              if (next !== undefined) choose(next);
            }}
            onValueCommit={([next]) => {
              // Radix commits before it reports the change, and on every key press.
              if (next === undefined) return;
              pending.current = next;
              if (isKeyboard.current) commitWhenIdle();
              else commit();
            }}
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
              aria-labelledby={labelId}
              aria-valuetext={valueText}
              onBlur={commit}
              className={cn(
                'block size-5 rounded-full border-2 border-white shadow ring-1 ring-slate-300 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none',
                isUnrated
                  ? 'pointer-events-none opacity-0'
                  : isNoRating
                    ? 'bg-slate-400'
                    : classes.fill,
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
            'min-w-20 shrink-0 text-right text-lg font-semibold whitespace-nowrap tabular-nums',
            isNoRating ? 'text-muted' : classes.text,
          )}
        >
          {isNoRating ? t('rating.noRatingShort') : `${shown} / ${scale}`}
        </span>
      </div>
      {/* Saving happens without a button: a screen reader user hears that it did. */}
      <p className="sr-only" role="status">
        {hasCommitted && saveStatus === 'pending' && t('rating.saving')}
        {hasCommitted && saveStatus === 'success' && t('rating.saved')}
      </p>
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
