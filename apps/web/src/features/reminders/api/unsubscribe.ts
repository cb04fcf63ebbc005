import { reminderUnsubscribeSchema } from '@candor/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const unsubscribeKeys = {
  detail: (token: string) => ['reminder-unsubscribe', token] as const,
};

const path = (token: string) =>
  `/api/reminders/unsubscribe/${encodeURIComponent(token)}`;

export function getUnsubscribe(token: string, signal?: AbortSignal) {
  return api.get(path(token), { schema: reminderUnsubscribeSchema, signal });
}

export const unsubscribeQuery = (token: string) =>
  queryOptions({
    queryKey: unsubscribeKeys.detail(token),
    queryFn: ({ signal }) => getUnsubscribe(token, signal),
  });

export const useUnsubscribeStatus = (token: string) =>
  useQuery(unsubscribeQuery(token));

export function unsubscribe(token: string) {
  return api.post(path(token), { schema: reminderUnsubscribeSchema });
}

export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    onSuccess: (reply, token) =>
      queryClient.setQueryData(unsubscribeKeys.detail(token), reply),
  });
}
