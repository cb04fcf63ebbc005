import type { Answer } from '@candor/domain';
import { Ban, CheckSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * A typed answer or the options chosen (decision 192), for the panel and shared pages; an
 * option that does not meet a requirement says so in words, not only in colour.
 */
export function WrittenAnswer({
  answer,
}: {
  answer: Pick<Answer, 'answer_type' | 'text' | 'choices'>;
}) {
  const { t } = useTranslation('reviews');
  if (answer.answer_type === 'text')
    return (
      <blockquote
        className="rounded-lg border border-border bg-white p-4 text-base leading-relaxed whitespace-pre-wrap text-ink"
        data-testid="written-answer"
      >
        {answer.text}
      </blockquote>
    );
  return (
    <div data-testid="written-answer">
      <p className="mb-2 text-sm text-muted">{t('answer.chosen')}</p>
      <ul className="space-y-2">
        {(answer.choices ?? []).map((option) => (
          <li
            key={option.id}
            className={
              option.knockout
                ? 'flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-ink'
                : 'flex items-center gap-2 rounded-lg border border-border bg-white px-3 py-2 text-ink'
            }
          >
            {option.knockout ? (
              <Ban className="size-4 text-amber-800" aria-hidden />
            ) : (
              <CheckSquare className="size-4 text-brand-700" aria-hidden />
            )}
            <span className="font-medium">{option.text}</span>
            {option.knockout && (
              <span className="text-sm font-medium text-amber-900">
                {t('answer.knockout')}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
