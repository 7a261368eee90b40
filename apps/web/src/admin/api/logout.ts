import { useMutation } from '@tanstack/react-query';
import { adminRequest, forgetStaff } from './admin-request';

/** POST /api/admin/logout.php: ends the staff session (never the member's). */
export function staffLogout(): Promise<{ ok: true }> {
  return adminRequest<{ ok: true }>('/api/admin/logout.php', { method: 'POST' });
}

export function useStaffLogout() {
  return useMutation({ mutationFn: staffLogout, onSettled: forgetStaff });
}
