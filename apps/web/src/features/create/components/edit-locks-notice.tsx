import type { JobEditFacts } from '@candor/domain';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/** Says what answering and rating have fixed in the interview, and what is still open. */
export function EditLocksNotice({
  facts,
  className,
}: {
  facts: JobEditFacts;
  className?: string;
}) {
  const { t } = useTranslation('create');
  if (facts.answered === 0) return null;
  return (
    <div
      role="note"
      className={cn(
        'flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950',
        className,
      )}
    >
      <Lock className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
      <div className="space-y-1">
        <p className="font-medium">
          {t('locks.answered', { count: facts.answered })}
        </p>
        <p>{t('locks.answeredBody')}</p>
        {facts.rated > 0 && <p>{t('locks.ratedBody')}</p>}
      </div>
    </div>
  );
}
