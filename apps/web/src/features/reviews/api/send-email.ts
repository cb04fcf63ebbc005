import { queuedReplySchema } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

type SendEmail = {
  job: number;
  application: number;
  to: string;
  subject: string;
  body: string;
};

/** The applicant e-mail composer's call (form data, as the spec lists it). */
export function sendEmail({ job, application, to, subject, body }: SendEmail) {
  const form = new FormData();
  form.set('msg_to', to);
  form.set('email_subj', subject);
  form.set('email_body', body);
  return api.post(`/api/jobs/${job}/applications/${application}/email`, {
    body: form,
    schema: queuedReplySchema,
  });
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmail,
    onSuccess: (_, input) =>
      queryClient.invalidateQueries({
        queryKey: reviewKeys.part(input.job, input.application, 'emails'),
      }),
  });
}
