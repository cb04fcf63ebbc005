import { paths } from '../paths';

export type JobEditTarget = 'details' | 'questions' | 'reviewPanel' | 'emails';

/**
 * Where each part of an interview is edited (decision 138): its details and questions on
 * /interviews/{job}/details, the review panel on its own page, the e-mails in the creation
 * step that previews them with this interview. The job page and the dashboard's row menu
 * offer the same places.
 */
export function jobEditLinks(
  jobId: number,
): { target: JobEditTarget; to: string }[] {
  return [
    { target: 'details', to: paths.jobDetails(jobId) },
    { target: 'questions', to: `${paths.jobDetails(jobId)}#questions` },
    { target: 'reviewPanel', to: paths.jobReviewPanel(jobId) },
    { target: 'emails', to: paths.createStep(jobId, 'edit-email') },
  ];
}
