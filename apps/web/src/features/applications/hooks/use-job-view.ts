import {
  DEFAULT_STAGE_FILTER,
  isFilterOf,
  isStage,
  normaliseStageFilter,
  type Stage,
  type StageFilter,
} from '@candor/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SortingState } from '../../../components/table';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** The columns a recruiter sorts by (decision 142: within the page shown). */
export const SORT_COLUMNS = ['name', 'status', 'rating', 'deadline'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

const isSortColumn = (value: string): value is SortColumn =>
  (SORT_COLUMNS as readonly string[]).includes(value);

export type JobView = {
  stage: Stage;
  filter: StageFilter;
  page: number;
  /** `?sort=rating` or `?sort=-rating`; empty for the server's order (newest first). */
  sorting: SortingState;
  /** What the search box holds, and the trimmed query sent 300 ms after typing stops. */
  query: string;
  q: string;
  setQuery: (value: string) => void;
  go: (next: { stage?: Stage; filter?: StageFilter; page?: number }) => void;
  setSorting: (sorting: SortingState) => void;
};

/**
 * The job page's view, in the URL: /interviews/{job}?status={stage}&filter={filter}&page=&sort=.
 * A reviewer's work starts at the answers, a company user's at inviting.
 */
export function useJobView(isCompany: boolean): JobView {
  const [search, setSearch] = useSearchParams();
  const stageParam = search.get('status');
  const stage: Stage = isStage(stageParam)
    ? stageParam
    : isCompany
      ? 'ToInvite'
      : 'Responded';
  const filterParam = normaliseStageFilter(
    search.get('filter') ?? DEFAULT_STAGE_FILTER,
  );
  const filter: StageFilter =
    typeof filterParam === 'string' && isFilterOf(stage, filterParam)
      ? filterParam
      : 'All';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const sortParam = search.get('sort') ?? '';
  const sortId = sortParam.replace(/^-/, '');
  const sorting: SortingState = isSortColumn(sortId)
    ? [{ id: sortId, desc: sortParam.startsWith('-') }]
    : [];

  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), 300);

  const go: JobView['go'] = (next) => {
    const params = new URLSearchParams(search);
    params.set('status', next.stage ?? stage);
    params.set('filter', next.filter ?? (next.stage ? 'All' : filter));
    if (next.page && next.page > 1) params.set('page', String(next.page));
    else params.delete('page');
    setSearch(params, { replace: false });
  };

  const setSorting = (next: SortingState) => {
    const params = new URLSearchParams(search);
    const first = next[0];
    if (first) params.set('sort', `${first.desc ? '-' : ''}${first.id}`);
    else params.delete('sort');
    setSearch(params, { replace: true });
  };

  return {
    stage,
    filter,
    page,
    sorting,
    query,
    q,
    setQuery,
    go,
    setSorting,
  };
}
