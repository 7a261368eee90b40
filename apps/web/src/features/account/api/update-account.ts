import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { AccountSettings, AccountSettingsBody, AccountSettingsResponse } from './contract';

/** PUT /api/account.php: saves only what changed. */
export function updateAccount(body: AccountSettingsBody): Promise<AccountSettingsResponse> {
  return apiRequest<AccountSettingsResponse>('/api/account.php', { method: 'PUT', body });
}

/** The account with a change applied, as the page shows it before the server confirms. */
function applyChange(account: AccountSettings, body: AccountSettingsBody): AccountSettings {
  return {
    ...account,
    invisible: body.invisible ?? account.invisible,
    notification_preferences: { ...account.notification_preferences, ...body.notification_preferences },
  };
}

/**
 * The account's values of exactly the switches a change touches: before the change they undo
 * it, from the server's answer they confirm it.
 */
function touchedValues(account: AccountSettings, body: AccountSettingsBody): AccountSettingsBody {
  const inverse: AccountSettingsBody = {};
  if (body.invisible !== undefined) inverse.invisible = account.invisible;
  if (body.notification_preferences) {
    inverse.notification_preferences = Object.fromEntries(
      Object.keys(body.notification_preferences).map((type) => [
        type,
        account.notification_preferences[type as keyof AccountSettings['notification_preferences']],
      ]),
    );
  }
  return inverse;
}

/**
 * Saves a switch at once and shows it switched before the server answers. A failure puts back
 * only the switches of that call, so a quick second toggle elsewhere keeps its own state.
 */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.account });
      const previous = queryClient.getQueryData<AccountSettingsResponse>(queryKeys.account);
      if (!previous) return { undo: null };
      queryClient.setQueryData<AccountSettingsResponse>(queryKeys.account, {
        account: applyChange(previous.account, body),
      });
      return { undo: touchedValues(previous.account, body) };
    },
    onError: (_error, _body, context) => {
      const undo = context?.undo;
      if (!undo) return;
      queryClient.setQueryData<AccountSettingsResponse>(queryKeys.account, (current) =>
        current ? { account: applyChange(current.account, undo) } : current,
      );
    },
    onSuccess: (data, body) => {
      // Only the switches of this call: another toggle may still be on its way.
      queryClient.setQueryData<AccountSettingsResponse>(queryKeys.account, (current) =>
        current ? { account: applyChange(current.account, touchedValues(data.account, body)) } : data,
      );
    },
  });
}
