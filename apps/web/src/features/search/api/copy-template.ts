import { jobSchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A new Draft interview from a template (H2's copy action). */
export function copyTemplate(id: number) {
  return api.post(`/api/jobs/${id}/copy`, { schema: jobSchema });
}

export function useCopyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
