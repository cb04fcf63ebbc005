import {
  smsTemplateSchema,
  type SmsKind,
  type SmsTemplateUpdate,
} from '@candor/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const smsTemplateKeys = {
  all: ['sms-templates'] as const,
  detail: (shortname: string, kind: SmsKind) =>
    ['sms-templates', shortname, kind] as const,
};

export function getSmsTemplate(
  shortname: string,
  kind: SmsKind,
  signal?: AbortSignal,
) {
  return api.get(`/api/companies/${shortname}/${kind}-sms`, {
    schema: smsTemplateSchema,
    signal,
  });
}

export const smsTemplateQuery = (shortname: string, kind: SmsKind) =>
  queryOptions({
    queryKey: smsTemplateKeys.detail(shortname, kind),
    queryFn: ({ signal }) => getSmsTemplate(shortname, kind, signal),
  });

export const useSmsTemplate = (shortname: string, kind: SmsKind) =>
  useQuery(smsTemplateQuery(shortname, kind));

type Target = { shortname: string; kind: SmsKind };

export function saveSmsTemplate({
  shortname,
  kind,
  ...body
}: SmsTemplateUpdate & Target) {
  return api.put(`/api/companies/${shortname}/${kind}-sms`, {
    body,
    schema: smsTemplateSchema,
  });
}

/** Back to the default text, which follows each interview's language. */
export function resetSmsTemplate({ shortname, kind }: Target) {
  return api.delete(`/api/companies/${shortname}/${kind}-sms`, {
    schema: smsTemplateSchema,
  });
}

function useStoreReply<Input extends Target>(
  mutationFn: (input: Input) => ReturnType<typeof saveSmsTemplate>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, { shortname, kind }) =>
      queryClient.setQueryData(smsTemplateKeys.detail(shortname, kind), data),
  });
}

export const useSaveSmsTemplate = () => useStoreReply(saveSmsTemplate);
export const useResetSmsTemplate = () => useStoreReply(resetSmsTemplate);
