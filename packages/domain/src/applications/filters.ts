import type { Stage } from './stage';

/**
 * The filter tabs under each stage tab (docs/decisions/032-job-page-filters.md). 'All' shows
 * every applicant of the stage who is not archived; 'Archived' shows the archived ones.
 * A filter flagged hideWhenEmpty is hidden while its count is 0.
 */
export const STAGE_FILTERS = {
  ToInvite: ['All', 'NotInvited', 'Undelivered', 'Archived'],
  AwaitingResponse: ['All', 'Awaiting', 'Expired', 'Withdrawn', 'Archived'],
  Responded: ['All', 'NotReviewed', 'Incomplete', 'Withdrawn', 'Archived'],
  Reviewed: ['All', 'Archived'],
  Outcomes: ['All', 'Shortlisted', 'Rejected', 'Archived'],
} as const satisfies Record<Stage, readonly string[]>;

export type StageFilter = (typeof STAGE_FILTERS)[Stage][number];
export const ALL_STAGE_FILTERS = [
  ...new Set(Object.values(STAGE_FILTERS).flat()),
] as StageFilter[];
export const DEFAULT_STAGE_FILTER = 'All';

export const STAGE_FILTER_TEXT: Record<StageFilter, string> = {
  All: 'All',
  NotInvited: 'Not yet invited',
  Undelivered: 'Email undelivered',
  Archived: 'Archived',
  Awaiting: 'Awaiting response',
  Expired: 'Expired',
  Withdrawn: 'Withdrawn',
  NotReviewed: 'Not reviewed',
  Incomplete: 'Incomplete',
  Shortlisted: 'Shortlisted',
  Rejected: 'Rejected',
};

/** 'All' always shows; the others only when something is in them. */
export function isFilterHiddenWhenEmpty(filter: StageFilter): boolean {
  return filter !== 'All';
}

/** A filter from a URL, whatever its case ('all' and 'All' alike); unknown values stay as given. */
export function normaliseStageFilter(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return (
    ALL_STAGE_FILTERS.find(
      (filter) => filter.toLowerCase() === value.toLowerCase(),
    ) ?? value
  );
}

export function filtersOf(stage: Stage): readonly StageFilter[] {
  return STAGE_FILTERS[stage];
}

export function isFilterOf(
  stage: Stage,
  filter: string,
): filter is StageFilter {
  return (STAGE_FILTERS[stage] as readonly string[]).includes(filter);
}

export const STAGE_TEXT: Record<Stage, string> = {
  ToInvite: 'To invite',
  AwaitingResponse: 'Awaiting response',
  Responded: 'Responded',
  Reviewed: 'Reviewed',
  Outcomes: 'Outcomes',
};
