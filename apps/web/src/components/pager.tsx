import { pagerItems } from '@candor/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';

export type PagerProps = {
  /** 1-based current page. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  className?: string;
};

/** Previous, the first three pages, the current one with neighbours, the last three, Next. */
export function Pager({
  page,
  totalPages,
  onPageChange,
  className,
}: PagerProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const itemClass =
    'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm font-medium transition-colors';
  return (
    <nav
      aria-label={t('pager.label')}
      className={cn(
        'flex flex-wrap items-center justify-center gap-1',
        className,
      )}
    >
      <button
        type="button"
        className={cn(
          itemClass,
          'gap-1 text-slate-700 hover:bg-slate-100 disabled:opacity-40',
        )}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft className="size-4" aria-hidden />
        {t('pager.previous')}
      </button>
      {pagerItems(page, totalPages).map((item) =>
        item.kind === 'gap' ? (
          <span key={item.key} className="px-1 text-slate-400" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={item.page}
            type="button"
            aria-label={t('pager.page', { page: item.page })}
            aria-current={item.page === page ? 'page' : undefined}
            onClick={() => onPageChange(item.page)}
            className={cn(
              itemClass,
              item.page === page
                ? 'bg-brand-700 text-white'
                : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {item.page}
          </button>
        ),
      )}
      <button
        type="button"
        className={cn(
          itemClass,
          'gap-1 text-slate-700 hover:bg-slate-100 disabled:opacity-40',
        )}
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        {t('pager.next')}
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </nav>
  );
}
