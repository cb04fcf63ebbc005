import { queuedReplySchema } from '@candor/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type EmailApplicant = {
  jobId: number;
  id: number;
  to: string;
  subject: string;
  body: string;
};

/** The composer's message (form data: msg_to, email_subj, email_body). */
export function emailApplicant({
  jobId,
  id,
  to,
  subject,
  body,
}: EmailApplicant) {
  const form = new FormData();
  form.append('msg_to', to);
  form.append('email_subj', subject);
  form.append('email_body', body);
  return api.post(`/api/jobs/${jobId}/applications/${id}/email`, {
    body: form,
    schema: queuedReplySchema,
  });
}

export const useEmailApplicant = () =>
  useMutation({ mutationFn: emailApplicant });
