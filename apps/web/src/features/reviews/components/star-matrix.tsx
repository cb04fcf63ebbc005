import {
  isCellUsedElsewhere,
  STAR_INDICATORS,
  type MatrixOption,
  type MatrixReview,
} from '@candor/domain';
import { Check, Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

type StarMatrixProps = {
  /** The options of one kind: the STAR rows, or the communication rows. */
  options: MatrixOption[];
  /** The caller's own matrix reviews (all questions, to flag repeats). */
  reviews: MatrixReview[];
  question: number | null;
  disabled?: boolean;
  onChoose: (cell: { indicator: number; level: number }) => void;
};

const LEVELS = [0, 1] as const;

/**
 * Rows S, T, A, R (or the communication indicators), columns Effective and Areas for
 * improvement. Choosing the selected cell again removes it; the server applies the rule.
 */
export function StarMatrix({
  options,
  reviews,
  question,
  disabled,
  onChoose,
}: StarMatrixProps) {
  const { t } = useTranslation('reviews');
  const indicators = [
    ...new Set(options.map((option) => option.indicator)),
  ].sort((a, b) => a - b);
  const cells = reviews.map((review) => ({
    question: review.question,
    indicator: review.indicator,
    level: review.level,
  }));
  const isStar = options[0]?.kind === 'competency';

  const levelLabel = (level: number) =>
    level === 0 ? t('matrix.effective') : t('matrix.improvement');
  const levelTone = (level: number) =>
    level === 0 ? 'text-emerald-700' : 'text-amber-700';

  // A grid rather than a table so that on a phone each indicator stacks above its two cells.
  return (
    <div className="space-y-3 text-sm">
      <div
        className="hidden gap-3 sm:grid sm:grid-cols-[10rem_1fr_1fr]"
        aria-hidden
      >
        <span className="text-xs font-medium tracking-wide text-muted uppercase">
          {t('matrix.indicator')}
        </span>
        {LEVELS.map((level) => (
          <span
            key={level}
            className={cn(
              'text-xs font-medium tracking-wide uppercase',
              levelTone(level),
            )}
          >
            {levelLabel(level)}
          </span>
        ))}
      </div>
      {indicators.map((indicator) => {
        const row = options.filter((option) => option.indicator === indicator);
        const description = row[0]?.indicator_description ?? '';
        return (
          <div
            key={indicator}
            role="group"
            aria-label={description}
            className="grid grid-cols-2 gap-2 sm:grid-cols-[10rem_1fr_1fr] sm:gap-3"
          >
            <div className="col-span-2 flex items-start gap-2 sm:col-span-1">
              {isStar && (
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-base font-bold text-white">
                  {STAR_INDICATORS[indicator]}
                </span>
              )}
              <span className="pt-1 font-medium text-ink">{description}</span>
            </div>
            {LEVELS.map((level) => {
              const option = row.find((candidate) => candidate.level === level);
              if (!option) return <span key={level} />;
              const selected = reviews.some(
                (review) =>
                  review.question === question &&
                  review.indicator === indicator &&
                  review.level === level,
              );
              const usedElsewhere =
                question !== null &&
                isCellUsedElsewhere(cells, { question, indicator, level });
              return (
                <button
                  key={level}
                  type="button"
                  aria-pressed={selected}
                  disabled={disabled}
                  onClick={() => onChoose({ indicator, level })}
                  data-testid={`matrix-cell-${question ?? 'communication'}-${indicator}-${level}`}
                  className={cn(
                    'flex min-h-16 w-full flex-col gap-1 rounded-lg border p-3 text-left transition-colors focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none disabled:opacity-60',
                    selected
                      ? level === 0
                        ? 'border-emerald-600 bg-emerald-50 ring-1 ring-emerald-600'
                        : 'border-amber-500 bg-amber-50 ring-1 ring-amber-500'
                      : 'border-border bg-surface hover:border-slate-400 hover:bg-slate-50',
                  )}
                >
                  <span
                    className={cn(
                      'text-xs font-medium sm:sr-only',
                      levelTone(level),
                    )}
                  >
                    {levelLabel(level)}
                  </span>
                  <span className="flex items-start justify-between gap-2">
                    <span className="text-ink">{option.text_1}</span>
                    {selected && (
                      <Check
                        className="size-4 shrink-0 text-ink"
                        aria-label={t('matrix.selected')}
                      />
                    )}
                  </span>
                  {usedElsewhere && (
                    <span className="inline-flex items-center gap-1 text-xs text-slate-500">
                      <Repeat className="size-3" aria-hidden />
                      {t('matrix.usedElsewhere')}
                    </span>
                  )}
                </button>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
