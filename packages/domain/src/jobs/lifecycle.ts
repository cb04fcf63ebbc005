import type { JobStatus } from '../schemas/jobs';

export type JobAction = 'publish' | 'archive' | 'unarchive' | 'delete';

/**
 * The interview lifecycle (spec section 4 "Other states"), recorded in
 * docs/decisions/021-interview-lifecycle.md. A published interview must be archived before
 * it can be deleted, so live interviewee links never vanish by one click.
 */
const ACTIONS: Record<JobStatus, JobAction[]> = {
  Draft: ['publish', 'archive', 'delete'],
  Published: ['archive'],
  Archived: ['unarchive', 'delete'],
};

export function jobActions(status: JobStatus): JobAction[] {
  return ACTIONS[status];
}

export function canApplyJobAction(
  status: JobStatus,
  action: JobAction,
): boolean {
  return ACTIONS[status].includes(action);
}

/** Where an action leads; unarchive returns to Published only if the job was ever published. */
export function statusAfter(
  action: Exclude<JobAction, 'delete'>,
  wasPublished: boolean,
): JobStatus {
  if (action === 'publish') return 'Published';
  if (action === 'archive') return 'Archived';
  return wasPublished ? 'Published' : 'Draft';
}

const ACTION_REFUSALS: Record<JobAction, string> = {
  publish: 'Only a draft interview can be published.',
  archive: 'This interview is already archived.',
  unarchive: 'Only an archived interview can be unarchived.',
  delete: 'Archive this interview before deleting it.',
};

/** The message shown when an action is not allowed in the current status. */
export function jobActionRefusal(action: JobAction): string {
  return ACTION_REFUSALS[action];
}

/** What stops an interview from being published; empty when it can be. */
export function publishProblems(job: {
  title: string;
  question_count: number;
}): string[] {
  const problems: string[] = [];
  if (!job.title.trim())
    problems.push('Give your interview a title before publishing it.');
  if (job.question_count < 1)
    problems.push('Add at least one question before publishing.');
  return problems;
}
