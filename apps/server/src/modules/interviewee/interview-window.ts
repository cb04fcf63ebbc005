import { isPastDeadline, type InterviewAvailability } from '@candor/domain';
import { AppError } from '../../platform/http/errors';
import { TAKE_GRACE_SECONDS } from '../../platform/storage/answer-upload-store';

type Deadlines = {
  deadline: Date | string | null;
  job_deadline: Date | string | null;
};

export function deadlineOf(application: Deadlines): Date | null {
  const deadline = application.deadline ?? application.job_deadline ?? null;
  return deadline === null ? null : new Date(deadline);
}

export function interviewAvailability(
  application: Deadlines & {
    declined_at: Date | string | null;
    answer_count: number;
    job_status: string;
  },
  questionCount: number,
  now: Date,
): InterviewAvailability {
  if (application.declined_at) return 'declined';
  if (questionCount > 0 && application.answer_count >= questionCount)
    return 'completed';
  if (application.job_status !== 'Published') return 'closed';
  if (isPastDeadline(deadlineOf(application), now)) return 'expired';
  return 'open';
}

export const REFUSALS: Record<
  Exclude<InterviewAvailability, 'open'>,
  AppError
> = {
  declined: new AppError(
    'conflict',
    'You have declined this interview, so answers can no longer be sent.',
  ),
  completed: new AppError(
    'conflict',
    'You have already completed this interview.',
  ),
  closed: new AppError(
    'forbidden',
    'This interview is closed, so answers can no longer be sent.',
  ),
  expired: new AppError(
    'forbidden',
    'The deadline for this interview has passed, so answers can no longer be sent.',
  ),
};

export function requireOpen(availability: InterviewAvailability): void {
  if (availability !== 'open') throw REFUSALS[availability];
}

/**
 * Whether a take may still send bytes: the interview is open, or its deadline passed less than
 * TAKE_GRACE_SECONDS ago and the take was started before it.
 */
export function requireTakeWindow(
  application: Deadlines & {
    declined_at: Date | string | null;
    job_status: string;
  },
  takeCreatedAt: Date | string,
  now: Date,
): void {
  if (application.declined_at) throw REFUSALS.declined;
  if (application.job_status !== 'Published') throw REFUSALS.closed;
  const deadline = deadlineOf(application);
  if (!isPastDeadline(deadline, now) || deadline === null) return;
  const withinGrace =
    now.getTime() - deadline.getTime() < TAKE_GRACE_SECONDS * 1000 &&
    new Date(takeCreatedAt).getTime() <= deadline.getTime();
  if (!withinGrace) throw REFUSALS.expired;
}
