import {
  attachmentSchema,
  jobSchema,
  pagedSchema,
  questionSchema,
  type JobListQuery,
} from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { paths } from '../paths';

/**
 * Reads of one interview shared by the dashboard, the creation steps and other features
 * (job page, review panel…). Mutations invalidate by `jobKeys.all`.
 */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (query: Partial<JobListQuery>) => ['jobs', 'list', query] as const,
  detail: (id: number) => ['jobs', 'detail', id] as const,
  questions: (id: number) => ['jobs', 'questions', id] as const,
  attachments: (id: number) => ['jobs', 'attachments', id] as const,
};

export function getJob(id: number, signal?: AbortSignal) {
  return api.get(`/api/jobs/${id}`, { schema: jobSchema, signal });
}

export const jobQuery = (id: number) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => getJob(id, signal),
  });

export const useJob = (id: number) => useQuery(jobQuery(id));

export function getJobQuestions(jobId: number, signal?: AbortSignal) {
  return api.get(`/api/jobs/${jobId}/questions`, {
    query: { page_size: 100 },
    schema: pagedSchema(questionSchema),
    signal,
  });
}

export const jobQuestionsQuery = (jobId: number) =>
  queryOptions({
    queryKey: jobKeys.questions(jobId),
    queryFn: ({ signal }) => getJobQuestions(jobId, signal),
    select: (page) => page.results,
  });

export const useJobQuestions = (jobId: number) =>
  useQuery(jobQuestionsQuery(jobId));

export function getJobAttachments(jobId: number, signal?: AbortSignal) {
  return api.get(`/api/jobs/${jobId}/attachments`, {
    query: { page_size: 100 },
    schema: pagedSchema(attachmentSchema),
    signal,
  });
}

export const useJobAttachments = (jobId: number | undefined) =>
  useQuery({
    queryKey: jobKeys.attachments(jobId ?? 0),
    queryFn: ({ signal }) => getJobAttachments(jobId ?? 0, signal),
    select: (page) => page.results,
    enabled: jobId !== undefined,
  });

/** Where a job opens: a draft continues in the creation steps, others on the job page. */
export function jobHref(job: { id: number; status: string }): string {
  return job.status === 'Draft'
    ? paths.createStep(job.id, 'summary')
    : paths.job(job.id, { status: 'ToInvite', filter: 'all' });
}
