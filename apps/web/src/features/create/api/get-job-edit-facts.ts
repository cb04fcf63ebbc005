import {
  jobEditFactsSchema,
  jobEditLocks,
  type JobEditFacts,
  type JobEditLocks,
} from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/jobs/job-queries';

/** Under the job's keys, so anything that invalidates the job refreshes the locks too. */
export const jobEditFactsKey = (jobId: number) =>
  [...jobKeys.detail(jobId), 'edit-facts'] as const;

export function getJobEditFacts(jobId: number, signal?: AbortSignal) {
  return api.get(`/api/jobs/${jobId}/edit-facts`, {
    schema: jobEditFactsSchema,
    signal,
  });
}

export const jobEditFactsQuery = (jobId: number) =>
  queryOptions({
    queryKey: jobEditFactsKey(jobId),
    queryFn: ({ signal }) => getJobEditFacts(jobId, signal),
  });

const OPEN: JobEditFacts = { answered: 0, rated: 0 };

/**
 * What the server would refuse to change (decision 138), so the forms lock it beforehand.
 * Until the facts arrive nothing is locked: the server's 409 still says why.
 */
export function useJobEditLocks(jobId: number): {
  facts: JobEditFacts;
  locks: JobEditLocks;
} {
  const facts = useQuery(jobEditFactsQuery(jobId)).data ?? OPEN;
  return { facts, locks: jobEditLocks(facts) };
}
