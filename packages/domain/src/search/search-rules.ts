import { SEARCH_MIN_LENGTH } from '../durations';

/** The drawer searches (and may say 'No results') only with more than 2 characters. */
export function isSearchable(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_LENGTH;
}

export type PersonResultTarget = {
  id: number;
  job: { id: number };
  has_answers: boolean;
  stage: string;
  filter: string;
};

/**
 * Spec section 2: with answers the interviewee page; without, the job page on the
 * person's stage and filter.
 */
export function personResultPath(result: PersonResultTarget): string {
  if (result.has_answers)
    return `/interviews/${result.job.id}/interviewee/${result.id}`;
  const status = encodeURIComponent(result.stage);
  const filter = encodeURIComponent(result.filter);
  return `/interviews/${result.job.id}?status=${status}&filter=${filter}`;
}

/** A Draft opens its summary step; any other interview its job page on To invite. */
export function interviewResultPath(job: {
  id: number;
  status: string;
}): string {
  if (job.status === 'Draft') return `/create/${job.id}/summary`;
  return `/interviews/${job.id}?status=ToInvite&filter=All`;
}
