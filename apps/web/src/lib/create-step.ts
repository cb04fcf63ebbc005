import type { Job } from '@candor/domain';
import { useOutletContext } from 'react-router';
import { paths, type CreateStep } from './paths';

/** The creation steps in the order the steps navigation shows them. */
export const CREATE_STEP_ORDER: CreateStep[] = [
  'details',
  'add-questions',
  'videos',
  'edit-email',
  'emails',
  'review-panel',
  'preview',
  'summary',
];

/**
 * What the creation-steps shell (features/create) hands to the step shown in its outlet.
 * Steps of other features read it with `useCreateStep()`.
 */
export type CreateStepContext = {
  job: Job;
  step: CreateStep;
  /** The path of the following step (summary has none). */
  nextPath: string | null;
  previousPath: string | null;
};

export function useCreateStep(): CreateStepContext {
  return useOutletContext<CreateStepContext>();
}

export function stepPath(jobId: number, step: CreateStep): string {
  return paths.createStep(jobId, step);
}

export function neighbourSteps(step: CreateStep): {
  previous: CreateStep | null;
  next: CreateStep | null;
} {
  const index = CREATE_STEP_ORDER.indexOf(step);
  return {
    previous: CREATE_STEP_ORDER[index - 1] ?? null,
    next: CREATE_STEP_ORDER[index + 1] ?? null,
  };
}
