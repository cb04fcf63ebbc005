import { applicationEmailSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

export const emailsQuery = (job: number, application: number) =>
  queryOptions({
    queryKey: reviewKeys.part(job, application, 'emails'),
    queryFn: ({ signal }) =>
      api.get(`/api/jobs/${job}/applications/${application}/emails`, {
        schema: z.array(applicationEmailSchema),
        signal,
      }),
  });
export const useEmails = (job: number, application: number) =>
  useQuery(emailsQuery(job, application));
