import { jobSchema, pagedSchema, PAGE_SIZES } from '@candor/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/jobs/job-queries';

/** The six newest interviews of the company (spec: page_size=6, ordering=-created_at). */
export const useRecentJobs = () => {
  const query = {
    page_size: PAGE_SIZES.recent,
    ordering: '-created_at' as const,
    filter: 'all' as const,
  };
  return useQuery({
    queryKey: jobKeys.list(query),
    queryFn: ({ signal }) =>
      api.get('/api/jobs', { query, schema: pagedSchema(jobSchema), signal }),
  });
};

/** The shared template interviews (spec: company=templates, page_size=6). */
export const useTemplateJobs = () => {
  const query = {
    company: 'templates' as const,
    page_size: PAGE_SIZES.templates,
    ordering: 'title' as const,
  };
  return useQuery({
    queryKey: jobKeys.list(query),
    queryFn: ({ signal }) =>
      api.get('/api/jobs', { query, schema: pagedSchema(jobSchema), signal }),
  });
};
