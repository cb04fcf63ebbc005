import { marketplaceJobSchema, type MarketplaceUpdate } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

export type UpdateListing = {
  jobId: number;
  changes: MarketplaceUpdate;
  /** A new image: sent as multipart with the changes as fields. */
  image?: File;
};

export function updateListing({ jobId, changes, image }: UpdateListing) {
  let body: unknown = changes;
  if (image) {
    const form = new FormData();
    for (const [name, value] of Object.entries(changes))
      if (value !== undefined) form.set(name, String(value));
    form.set('marketplace_image', image);
    body = form;
  }
  return api.post(`/api/jobs/${jobId}/marketplace`, {
    body,
    schema: marketplaceJobSchema,
  });
}

export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListing,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}
