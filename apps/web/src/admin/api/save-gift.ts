import type { AdminGiftBody, AdminGiftResponse } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { commerceKeys } from './commerce-keys';

/** POST (new; 400 fields.key gift_key_taken) or PUT (existing, by its fixed key) /api/admin/gift.php. */
export function saveGift({ body, isNew }: { body: AdminGiftBody; isNew: boolean }): Promise<AdminGiftResponse> {
  return adminRequest<AdminGiftResponse>('/api/admin/gift.php', { method: isNew ? 'POST' : 'PUT', body });
}

/** Saves a new gift (`isNew`) or the existing one its form edits. */
export function useSaveGift(isNew: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminGiftBody) => saveGift({ body, isNew }),
    onSuccess: () => client.invalidateQueries({ queryKey: commerceKeys.gifts }),
  });
}
