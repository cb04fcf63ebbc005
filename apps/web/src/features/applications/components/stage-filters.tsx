import { STAGES, isStage, type Stage, type StageFilter } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/form-field';
import { Tabs } from '../../../components/tabs';
import { cn } from '../../../lib/cn';
import type { JobView } from '../hooks/use-job-view';

type FilterCount = { id: string; count: number; hide_when_empty: boolean };

/** The stage tabs, the stage's filter chips (with counts) and the search box. */
export function StageFilters({
  view,
  stageCounts,
  filters,
}: {
  view: JobView;
  stageCounts: Partial<Record<Stage, number>> | undefined;
  filters: FilterCount[];
}) {
  const { t } = useTranslation('applications');
  const shown = filters.filter(
    (item) =>
      !item.hide_when_empty || item.count > 0 || item.id === view.filter,
  );
  return (
    <>
      <Tabs
        label={t('stages.label')}
        value={view.stage}
        onValueChange={(value) => isStage(value) && view.go({ stage: value })}
        items={STAGES.map((id) => ({
          value: id,
          label: t(`stages.${id}`),
          count: stageCounts?.[id],
        }))}
      />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label={t('filters.label')}
          className="flex flex-wrap gap-2"
        >
          {shown.map((item) => (
            <button
              key={item.id}
              type="button"
              aria-pressed={item.id === view.filter}
              onClick={() => view.go({ filter: item.id as StageFilter })}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors',
                item.id === view.filter
                  ? 'border-brand-700 bg-brand-50 text-brand-800'
                  : 'border-border bg-surface text-slate-600 hover:border-slate-400 hover:text-ink',
              )}
            >
              {t(`filters.${item.id}`)}
              <span className="rounded-full bg-white/70 px-1.5 text-xs tabular-nums">
                {item.count}
              </span>
            </button>
          ))}
        </div>
        <div className="w-full sm:w-64">
          <Input
            label={t('search')}
            hideLabel
            type="search"
            placeholder={t('searchPlaceholder')}
            value={view.query}
            onChange={(event) => view.setQuery(event.target.value)}
          />
        </div>
      </div>
    </>
  );
}
