import { accountSchema, type AccountUpdate } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/session';
import { accountKeys } from './get-account';

export function updateAccount(body: AccountUpdate) {
  return api.post('/api/account', { body, schema: accountSchema });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.all, account);
      // The header shows the name and the app follows the account's locale.
      return queryClient.invalidateQueries({
        queryKey: currentUserQuery.queryKey,
      });
    },
  });
}
