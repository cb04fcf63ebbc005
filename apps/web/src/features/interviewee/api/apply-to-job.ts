import { publicApplyReplySchema, type PublicApplyBody } from '@candor/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function applyToJob(shortcode: string, body: PublicApplyBody) {
  return api.post(`/api/public/jobs/${encodeURIComponent(shortcode)}/apply`, {
    body,
    schema: publicApplyReplySchema,
    on401: 'throw',
  });
}

export const useApplyToJob = (shortcode: string) =>
  useMutation({
    mutationFn: (body: PublicApplyBody) => applyToJob(shortcode, body),
  });
