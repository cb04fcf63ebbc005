import { smsTextSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

export const textsQuery = (job: number, application: number) =>
  queryOptions({
    queryKey: reviewKeys.part(job, application, 'texts'),
    queryFn: ({ signal }) =>
      api.get(`/api/jobs/${job}/applications/${application}/texts`, {
        schema: z.array(smsTextSchema),
        signal,
      }),
  });
export const useTexts = (job: number, application: number) =>
  useQuery(textsQuery(job, application));
