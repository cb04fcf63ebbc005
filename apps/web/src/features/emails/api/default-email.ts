import {
  defaultEmailSchema,
  type DefaultEmailUpdate,
  type EmailType,
} from '@candor/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const emailKeys = {
  all: ['default-emails'] as const,
  detail: (shortname: string, type: EmailType) =>
    ['default-emails', shortname, type] as const,
};

export function getDefaultEmail(
  shortname: string,
  type: EmailType,
  signal?: AbortSignal,
) {
  return api.get(`/api/companies/${shortname}/${type}-email`, {
    schema: defaultEmailSchema,
    signal,
  });
}

export const defaultEmailQuery = (shortname: string, type: EmailType) =>
  queryOptions({
    queryKey: emailKeys.detail(shortname, type),
    queryFn: ({ signal }) => getDefaultEmail(shortname, type, signal),
  });

export const useDefaultEmail = (shortname: string, type: EmailType) =>
  useQuery(defaultEmailQuery(shortname, type));

export function saveDefaultEmail({
  shortname,
  type,
  ...body
}: DefaultEmailUpdate & { shortname: string; type: EmailType }) {
  return api.put(`/api/companies/${shortname}/${type}-email`, {
    body,
    schema: defaultEmailSchema,
  });
}

export function useSaveDefaultEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDefaultEmail,
    onSuccess: (data, { shortname, type }) =>
      queryClient.setQueryData(emailKeys.detail(shortname, type), data),
  });
}

const previewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type EmailPreviewInput = {
  type: EmailType;
  subject: string;
  body_text: string;
  promote_practice: boolean;
  /** On an interview's e-mail steps: its title, questions and duration replace the samples. */
  job?: number;
};

/** The branded e-mail as it will be sent, with the sample values of the spec or the interview's. */
export function previewEmail(
  shortname: string,
  input: EmailPreviewInput,
  signal?: AbortSignal,
) {
  return api.post(`/api/companies/${shortname}/email-preview`, {
    body: input,
    schema: previewSchema,
    signal,
  });
}

export const useEmailPreview = (shortname: string, input: EmailPreviewInput) =>
  useQuery({
    queryKey: ['email-preview', shortname, input],
    queryFn: ({ signal }) => previewEmail(shortname, input, signal),
    placeholderData: (previous) => previous,
  });
